package dev.strata.adapters.http.graph;

import dev.strata.adapters.http.memory.MemoryView;
import dev.strata.adapters.http.support.Inline;
import dev.strata.application.graph.EntityNeighborhood;
import dev.strata.domain.memory.LinkedMemory;
import dev.strata.domain.graph.MemoryEdge;

import java.util.List;

/** The entity as normalised and its memories, each a memory plus the {@code edges} that link it. */
record NeighborhoodView(EntityView entity, List<LinkedMemoryView> memories) {

    static NeighborhoodView of(EntityNeighborhood n) {
        return new NeighborhoodView(EntityView.of(n.entity()), n.memories().stream().map(LinkedMemoryView::of).toList());
    }

    record LinkedMemoryView(@Inline MemoryView memory, List<EdgeView> edges) {
        static LinkedMemoryView of(LinkedMemory l) {
            return new LinkedMemoryView(MemoryView.of(l.memory()), l.edges().stream().map(EdgeView::of).toList());
        }
    }

    record EdgeView(String type, String kind, String key, double weight) {
        static EdgeView of(MemoryEdge e) {
            return new EdgeView(e.type().wireName(), e.target().kind().wireName(), e.target().key(), e.weight());
        }
    }
}
