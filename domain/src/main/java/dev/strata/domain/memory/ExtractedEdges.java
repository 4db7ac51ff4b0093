package dev.strata.domain.memory;

import dev.strata.domain.graph.MemoryEdge;

import java.util.List;
import java.util.Objects;

/** The edges of one memory, to be stored for it in its tenant. */
public record ExtractedEdges(Tenant tenant, MemoryId memory, List<MemoryEdge> edges) {

    public ExtractedEdges {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(memory, "memory");
        edges = List.copyOf(edges);
    }
}
