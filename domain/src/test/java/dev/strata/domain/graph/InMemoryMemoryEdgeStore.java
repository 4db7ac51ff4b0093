package dev.strata.domain.graph;

import dev.strata.domain.memory.EdgeSource;
import dev.strata.domain.memory.ExtractedEdges;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.LinkedMemory;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryEdgeStore;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link MemoryEdgeStore} fake over an {@link InMemoryMemoryStore}, which keeps the edges each
 * write carries as the real table does; replays ({@link #addAll}) add to them.
 */
public final class InMemoryMemoryEdgeStore implements MemoryEdgeStore {

    private final InMemoryMemoryStore memories;

    public InMemoryMemoryEdgeStore(InMemoryMemoryStore memories) {
        this.memories = Objects.requireNonNull(memories, "memories");
    }

    @Override
    public synchronized List<LinkedMemory> neighborhood(Tenant tenant, FinanceEntity entity, int limit) {
        List<LinkedMemory> linked = new ArrayList<>();
        for (Memory m : active(tenant)) {
            List<MemoryEdge> edges = memories.edgesOf(m.id()).stream().filter(e -> reaches(e.target(), entity)).toList();
            if (!edges.isEmpty()) {
                linked.add(new LinkedMemory(m, edges));
            }
        }
        return linked.stream()
                .sorted(Comparator.comparing((LinkedMemory l) -> l.memory().updatedAt())
                        .thenComparing(l -> l.memory().id().value()).reversed())
                .limit(limit).toList();
    }

    @Override
    public synchronized List<EntityCount> topEntities(Tenant tenant, Optional<EntityKind> kind, int limit) {
        Map<FinanceEntity, long[]> counts = new LinkedHashMap<>();
        for (Memory m : active(tenant)) {
            Map<FinanceEntity, Long> perMemory = new LinkedHashMap<>();
            memories.edgesOf(m.id()).stream().map(MemoryEdge::target)
                    .filter(t -> kind.map(k -> t.kind() == k).orElse(true))
                    .forEach(t -> perMemory.merge(t, 1L, Long::sum));
            perMemory.forEach((target, edges) -> {
                long[] c = counts.computeIfAbsent(target, t -> new long[2]);
                c[0]++;
                c[1] += edges;
            });
        }
        return counts.entrySet().stream()
                .map(e -> new EntityCount(e.getKey(), e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingLong(EntityCount::memories).reversed()
                        .thenComparing(Comparator.comparingLong(EntityCount::edges).reversed())
                        .thenComparing(c -> c.entity().kind().wireName())
                        .thenComparing(c -> c.entity().key()))
                .limit(limit).toList();
    }

    @Override
    public synchronized List<EdgeSource> sources(long afterId, int limit) {
        return memories.allRows().stream()
                .filter(m -> m.id().value() > afterId)
                .sorted(Comparator.comparing(m -> m.id().value()))
                .limit(limit)
                .map(m -> new EdgeSource(m.tenant(), m.id(), m.content()))
                .toList();
    }

    @Override
    public synchronized int addAll(List<ExtractedEdges> batch, Instant now) {
        int count = 0;
        for (ExtractedEdges e : batch) {
            count += memories.addEdges(e.tenant(), e.memory(), e.edges());
        }
        return count;
    }

    private List<Memory> active(Tenant tenant) {
        return memories.allRows().stream().filter(m -> m.tenant().equals(tenant) && m.isActive()).toList();
    }

    /** An edge reaches the entity itself, and a ticker also through each pair it belongs to. */
    static boolean reaches(FinanceEntity target, FinanceEntity entity) {
        return target.equals(entity)
                || (entity.kind() == EntityKind.TICKER && target.kind() == EntityKind.TICKER_PAIR
                        && target.members().contains(entity));
    }
}
