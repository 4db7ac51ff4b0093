package dev.strata.domain.memory;

import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.error.ConflictException;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A hand-written {@link MemoryStore} fake for tests of the layers above the store. Its search is a
 * plain keyword count (no BM25), which is all the contract promises about ordering. Like the real
 * store it keeps the edges each write carries, replacing the content's edges when the content
 * changes; {@code InMemoryMemoryEdgeStore} reads them.
 */
public final class InMemoryMemoryStore implements MemoryStore {

    private final Map<Long, Memory> rows = new LinkedHashMap<>();
    private final Map<Long, LinkedHashSet<MemoryEdge>> edges = new HashMap<>();
    private final AtomicLong ids = new AtomicLong();

    @Override
    public synchronized Memory insert(NewMemory m, Instant now) {
        if (m.key().isPresent()) {
            throw new IllegalArgumentException("keyed memories go through save");
        }
        return store(m, Optional.empty(), now);
    }

    private Memory store(NewMemory m, Optional<Supersession> supersedes, Instant now) {
        Memory stored = new Memory(MemoryId.of(ids.incrementAndGet()), m.tenant(), m.category(), m.content(),
                m.metadata(), m.source(), now, now, Optional.empty(), m.key(), supersedes, Optional.empty(),
                m.updatedBy(), m.occurredAt().orElse(now));
        rows.put(stored.id().value(), stored);
        edges.put(stored.id().value(), new LinkedHashSet<>(m.edges()));
        return stored;
    }

    @Override
    public synchronized List<Memory> insertAll(List<NewMemory> memories, Instant now) {
        List<Memory> stored = new ArrayList<>();
        for (NewMemory m : memories) {
            stored.add(insert(m, now));
        }
        return stored;
    }

    @Override
    public synchronized SaveOutcome save(NewMemory memory, Optional<String> supersedeReason, Instant now) {
        MemoryKey key = memory.key().orElseThrow(() -> new IllegalArgumentException("save needs a key"));
        Optional<Memory> current = findActive(memory.tenant(), key);
        if (current.isEmpty()) {
            return new SaveOutcome.Inserted(store(memory, Optional.empty(), now));
        }
        if (supersedeReason.isEmpty()) {
            return new SaveOutcome.Rejected(current.get());
        }
        Memory previous = current.get().withSupersededAt(now).withUpdatedBy(memory.updatedBy());
        rows.put(previous.id().value(), previous);
        Memory next = store(memory, Optional.of(new Supersession(previous.id(), supersedeReason.get())), now);
        return new SaveOutcome.Superseded(previous, next);
    }

    @Override
    public synchronized Optional<Memory> find(Tenant tenant, MemoryId id) {
        return Optional.ofNullable(rows.get(id.value())).filter(m -> m.tenant().equals(tenant) && !m.isDeleted());
    }

    @Override
    public synchronized Optional<Memory> findActive(Tenant tenant, MemoryKey key) {
        return rows.values().stream()
                .filter(m -> m.tenant().equals(tenant) && m.isActive() && m.key().equals(Optional.of(key)))
                .findFirst();
    }

    @Override
    public synchronized List<Memory> history(Tenant tenant, MemoryKey key, int limit) {
        return rows.values().stream()
                .filter(m -> m.tenant().equals(tenant) && m.key().equals(Optional.of(key)))
                .sorted(Comparator.comparing((Memory m) -> m.id().value()).reversed())
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized List<Memory> list(Tenant tenant, CategoryFilter filter, int limit) {
        return rows.values().stream()
                .filter(m -> m.tenant().equals(tenant) && m.isActive() && filter.accepts(m.category()))
                .sorted(Comparator.comparing(Memory::updatedAt).thenComparing(m -> m.id().value()).reversed())
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized List<Memory> listAsOf(Tenant tenant, CategoryFilter filter, Instant at, int limit) {
        return rows.values().stream()
                .filter(m -> m.tenant().equals(tenant) && filter.accepts(m.category()))
                .flatMap(m -> m.asOf(at).stream())
                .sorted(Comparator.comparing(Memory::createdAt).thenComparing(m -> m.id().value()).reversed())
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized long countActive(Tenant tenant, CategoryFilter filter) {
        return rows.values().stream()
                .filter(m -> m.tenant().equals(tenant) && m.isActive() && filter.accepts(m.category()))
                .count();
    }

    @Override
    public synchronized List<Tenant> tenantsWithActive(CategoryFilter filter) {
        return rows.values().stream().filter(m -> m.isActive() && filter.accepts(m.category())).map(Memory::tenant)
                .map(Tenant::value).distinct().sorted().map(Tenant::of).toList();
    }

    @Override
    public synchronized Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Actor by,
                                                Instant now) {
        return find(tenant, id).filter(Memory::isActive).map(m -> {
            Memory updated = new Memory(m.id(), m.tenant(), m.category(), change.content().orElse(m.content()),
                    change.metadata().orElse(m.metadata()), m.source(), m.createdAt(), now, Optional.empty(), m.key(),
                    m.supersedes(), m.supersededAt(), by, change.occurredAt().orElse(m.occurredAt()));
            rows.put(id.value(), updated);
            if (change.content().isPresent()) {
                // A content change replaces what the content implied; a scenario edge came from the system and stays.
                LinkedHashSet<MemoryEdge> kept = new LinkedHashSet<>(edgesOf(id).stream()
                        .filter(e -> e.type() == EdgeType.BELONGS_TO_SCENARIO).toList());
                kept.addAll(change.edges());
                edges.put(id.value(), kept);
            }
            return updated;
        });
    }

    @Override
    public synchronized boolean softDelete(Tenant tenant, MemoryId id, Actor by, Instant now) {
        Optional<Memory> m = find(tenant, id);
        m.ifPresent(x -> rows.put(id.value(), x.withDeletedAt(Optional.of(now)).withUpdatedBy(by)));
        return m.isPresent();
    }

    @Override
    public synchronized Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince, Actor by) {
        Memory m = rows.get(id.value());
        if (m == null || !m.tenant().equals(tenant)) {
            return Optional.empty();
        }
        if (m.deletedAt().isPresent()) {
            if (m.deletedAt().get().isBefore(deletedSince)) {
                return Optional.empty();
            }
            if (!m.isSuperseded() && m.key().isPresent() && findActive(tenant, m.key().get()).isPresent()) {
                throw new ConflictException("key " + m.key().get() + " has another active entry");
            }
            m = m.withDeletedAt(Optional.empty()).withUpdatedBy(by);
            rows.put(id.value(), m);
        }
        return Optional.of(m);
    }

    @Override
    public synchronized List<PurgedMemory> purgeDeleted(Instant cutoff) {
        List<PurgedMemory> expired = rows.values().stream()
                .filter(m -> m.deletedAt().map(d -> d.isBefore(cutoff)).orElse(false))
                .map(m -> new PurgedMemory(m.tenant(), m.id())).toList();
        expired.forEach(p -> rows.remove(p.id().value()));
        expired.forEach(p -> edges.remove(p.id().value()));
        return expired;
    }

    /** The edges stored for a row (deleted and superseded rows keep theirs, as the table does), in write order. */
    public synchronized List<MemoryEdge> edgesOf(MemoryId id) {
        return List.copyOf(edges.getOrDefault(id.value(), new LinkedHashSet<>()));
    }

    /**
     * Adds the edges a row does not hold yet (a replay's); returns how many were new. A row that is
     * gone or belongs to another tenant gets none, as the real table's guard decides.
     */
    public synchronized int addEdges(Tenant tenant, MemoryId id, List<MemoryEdge> more) {
        Memory row = rows.get(id.value());
        if (row == null || !row.tenant().equals(tenant)) {
            return 0;
        }
        LinkedHashSet<MemoryEdge> stored = edges.computeIfAbsent(id.value(), k -> new LinkedHashSet<>());
        int added = 0;
        for (MemoryEdge edge : more) {
            if (stored.add(edge)) {
                added++;
            }
        }
        return added;
    }

    /** Every stored row, deleted and superseded ones included, in id order (for fakes built on this one). */
    public synchronized List<Memory> allRows() {
        return List.copyOf(rows.values());
    }

    @Override
    public synchronized List<SearchHit> search(SearchRequest request) {
        List<String> keywords = QueryText.keywords(request.query());
        List<SearchHit> hits = new ArrayList<>();
        for (Memory row : rows.values()) {
            Optional<Memory> seen = request.scope().view(row);
            if (!row.tenant().equals(request.tenant()) || seen.isEmpty()
                    || request.category().map(c -> !c.equals(row.category())).orElse(false)) {
                continue;
            }
            Memory m = seen.get();
            List<String> stems = QueryText.tokens(m.content()).stream().map(QueryText::stem).toList();
            long matched = keywords.stream().filter(k -> stems.contains(QueryText.stem(k))).count();
            if (matched > 0) {
                double score = m.isSuperseded() ? matched * SearchHit.SUPERSEDED_WEIGHT : matched;
                hits.add(new SearchHit(m, Snippet.of(m.content(), keywords, Snippet.DEFAULT_WINDOW_WORDS), score));
            }
        }
        hits.sort(Comparator.comparingDouble(SearchHit::score).reversed()
                .thenComparing(h -> h.memory().id().value()));
        return hits.stream().limit(request.limit()).toList();
    }
}
