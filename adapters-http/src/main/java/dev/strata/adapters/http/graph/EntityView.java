package dev.strata.adapters.http.graph;

import dev.strata.domain.graph.FinanceEntity;

/** An entity as the edges store it: {@code kind} and normalised {@code key}. */
record EntityView(String kind, String key) {

    static EntityView of(FinanceEntity e) {
        return new EntityView(e.kind().wireName(), e.key());
    }
}
