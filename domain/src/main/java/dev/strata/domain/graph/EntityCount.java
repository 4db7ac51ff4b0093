package dev.strata.domain.graph;

import java.util.Objects;

/**
 * How strongly a tenant's memories link to one entity: {@code memories} distinct active memories
 * carry {@code edges} edges to it (one memory may both hold and exit a ticker).
 */
public record EntityCount(FinanceEntity entity, long memories, long edges) {

    public EntityCount {
        Objects.requireNonNull(entity, "entity");
        if (memories < 1 || edges < memories) {
            throw new IllegalArgumentException("an entity in the ranking has at least one memory and one edge per "
                    + "memory: " + memories + " memories, " + edges + " edges");
        }
    }
}
