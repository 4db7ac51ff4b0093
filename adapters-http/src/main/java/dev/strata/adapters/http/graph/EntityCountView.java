package dev.strata.adapters.http.graph;

import dev.strata.adapters.http.support.Inline;
import dev.strata.domain.graph.EntityCount;

/** An entity and how many memories and edges link to it. */
record EntityCountView(@Inline EntityView entity, long memories, long edges) {

    static EntityCountView of(EntityCount c) {
        return new EntityCountView(EntityView.of(c.entity()), c.memories(), c.edges());
    }
}
