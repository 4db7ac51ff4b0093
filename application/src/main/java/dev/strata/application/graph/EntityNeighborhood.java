package dev.strata.application.graph;

import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.memory.LinkedMemory;

import java.util.List;
import java.util.Objects;

/** spec 01's getEntityNeighborhood: the entity as normalised, and its linked memories, newest first. */
public record EntityNeighborhood(FinanceEntity entity, List<LinkedMemory> memories) {

    public EntityNeighborhood {
        Objects.requireNonNull(entity, "entity");
        memories = List.copyOf(memories);
    }
}
