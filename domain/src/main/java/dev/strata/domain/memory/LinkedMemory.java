package dev.strata.domain.memory;

import dev.strata.domain.graph.MemoryEdge;

import java.util.List;
import java.util.Objects;

/** A memory in an entity's neighborhood, with the edges that put it there (never empty). */
public record LinkedMemory(Memory memory, List<MemoryEdge> edges) {

    public LinkedMemory {
        Objects.requireNonNull(memory, "memory");
        edges = List.copyOf(edges);
        if (edges.isEmpty()) {
            throw new IllegalArgumentException("a linked memory has at least one edge: " + memory.id());
        }
    }
}
