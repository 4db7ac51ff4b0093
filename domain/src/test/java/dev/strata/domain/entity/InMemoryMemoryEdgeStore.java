package dev.strata.domain.entity;

import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link MemoryEdgeStore} fake over an {@link InMemoryMemoryStore}. The real store writes a
 * memory's edges with the row and replaces them on a content change; the fake gets the same effect
 * by deriving each row's edges from its current content whenever it is read. Edges given to
 * {@link #addAll} that the content does not imply are kept besides, as the real table keeps them:
 * a {@code belongs_to_scenario} edge for good, any other until the content changes.
 */
public final class InMemoryMemoryEdgeStore implements MemoryEdgeStore {

    private record Added(String content, Set<MemoryEdge> edges) {
    }

    private final InMemoryMemoryStore memories;
    private final EdgeExtractor extractor;
    private final Map<Long, Added> added = new HashMap<>();

    public InMemoryMemoryEdgeStore(InMemoryMemoryStore memories, EdgeExtractor extractor) {
        this.memories = Objects.requireNonNull(memories, "memories");
        this.extractor = Objects.requireNonNull(extractor, "extractor");
    }

    public InMemoryMemoryEdgeStore(InMemoryMemoryStore memories) {
        this(memories, new EdgeExtractor(new FinanceEntityExtractor()));
    }

    @Override
    public synchronized List<LinkedMemory> neighborhood(Tenant tenant, FinanceEntity entity, int limit) {
        List<LinkedMemory> linked = new ArrayList<>();
        for (Memory m : active(tenant)) {
            List<MemoryEdge> edges = edgesOf(m).stream().filter(e -> reaches(e.target(), entity)).toList();
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
            edgesOf(m).stream().map(MemoryEdge::target)
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
            Optional<Memory> row = memories.allRows().stream()
                    .filter(m -> m.id().equals(e.memory()) && m.tenant().equals(e.tenant())).findFirst();
            if (row.isEmpty()) {
                continue;
            }
            Set<MemoryEdge> stored = new LinkedHashSet<>(edgesOf(row.get()));
            Set<MemoryEdge> extra = new LinkedHashSet<>(current(row.get()).map(Added::edges).orElse(Set.of()));
            for (MemoryEdge edge : e.edges()) {
                if (stored.add(edge)) {
                    extra.add(edge);
                    count++;
                }
            }
            added.put(e.memory().value(), new Added(row.get().content(), extra));
        }
        return count;
    }

    private List<Memory> active(Tenant tenant) {
        return memories.allRows().stream().filter(m -> m.tenant().equals(tenant) && m.isActive()).toList();
    }

    /** What the real table holds for the row: its content's edges plus those added and still valid. */
    private List<MemoryEdge> edgesOf(Memory m) {
        Set<MemoryEdge> edges = new LinkedHashSet<>(extractor.extract(m.content()));
        Added extra = added.get(m.id().value());
        if (extra != null) {
            extra.edges().stream()
                    .filter(e -> e.type() == EdgeType.BELONGS_TO_SCENARIO || extra.content().equals(m.content()))
                    .forEach(edges::add);
        }
        return List.copyOf(edges);
    }

    /** The extra edges of a row, dropping those a content change has replaced. */
    private Optional<Added> current(Memory m) {
        return Optional.ofNullable(added.get(m.id().value())).map(a -> a.content().equals(m.content()) ? a
                : new Added(m.content(), new LinkedHashSet<>(a.edges().stream()
                        .filter(e -> e.type() == EdgeType.BELONGS_TO_SCENARIO).toList())));
    }

    /** An edge reaches the entity itself, and a ticker also through each pair it belongs to. */
    static boolean reaches(FinanceEntity target, FinanceEntity entity) {
        return target.equals(entity)
                || (entity.kind() == EntityKind.TICKER && target.kind() == EntityKind.TICKER_PAIR
                        && target.members().contains(entity));
    }
}
