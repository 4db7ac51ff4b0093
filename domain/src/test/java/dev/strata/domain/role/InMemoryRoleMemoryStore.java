package dev.strata.domain.role;

import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/** A hand-written {@link RoleMemoryStore} fake; search counts matched query words instead of BM25. */
public final class InMemoryRoleMemoryStore implements RoleMemoryStore {

    private final Map<Long, RoleMemoryEntry> rows = new LinkedHashMap<>();
    private final Map<Long, List<MemoryEdge>> edges = new LinkedHashMap<>();
    private final Map<Long, Map<String, Embedding>> vectors = new LinkedHashMap<>();
    private long nextId = 1;
    /** Counts calls, so tests can prove what a component did (or did not) write. */
    public int writes;

    @Override
    public synchronized RoleMemoryEntry record(NewRoleMemoryEntry e, List<MemoryEdge> newEdges) {
        writes++;
        RoleMemoryEntry row = new RoleMemoryEntry(RoleMemoryId.of(nextId++), e.tenant(), e.role(), e.inputs(),
                e.decision(), e.asset(), e.createdAt(), EntryStatus.PENDING, Optional.empty(), List.of(),
                Optional.empty(), Optional.empty(), e.createdAt());
        rows.put(row.id().value(), row);
        edges.put(row.id().value(), List.copyOf(newEdges.stream().distinct().toList()));
        return row;
    }

    /** Every row of a tenant, in id order: what a test compares to prove a refused request changed nothing. */
    public synchronized List<RoleMemoryEntry> all(Tenant tenant) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant)).toList();
    }

    @Override
    public synchronized Optional<RoleMemoryEntry> find(Tenant tenant, RoleMemoryId id) {
        return Optional.ofNullable(rows.get(id.value())).filter(r -> r.tenant().equals(tenant));
    }

    @Override
    public synchronized List<RoleMemoryEntry> pending(Tenant tenant, RoleId role, Optional<Asset> asset, int limit) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && r.role().equals(role) && r.isPending())
                .filter(r -> asset.isEmpty() || r.asset().equals(asset))
                .sorted(Comparator.comparing(RoleMemoryEntry::createdAt).thenComparing(r -> r.id().value()))
                .limit(limit).toList();
    }

    @Override
    public synchronized Set<RoleId> rolesPendingOn(Tenant tenant, Asset asset) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && r.isPending()
                && r.asset().equals(Optional.of(asset))).map(RoleMemoryEntry::role).collect(Collectors.toSet());
    }

    @Override
    public synchronized List<Tenant> tenantsWithPending(RoleId role) {
        return rows.values().stream().filter(r -> r.role().equals(role) && r.isPending()).map(RoleMemoryEntry::tenant)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Comparator.comparing(Tenant::value))))
                .stream().toList();
    }

    private boolean updatePending(Tenant tenant, RoleMemoryId id, UnaryOperator<RoleMemoryEntry> change) {
        RoleMemoryEntry row = rows.get(id.value());
        if (row == null || !row.tenant().equals(tenant) || !row.isPending()) {
            return false;
        }
        writes++;
        rows.put(id.value(), change.apply(row));
        return true;
    }

    @Override
    public synchronized boolean recordOutcome(Tenant tenant, RoleMemoryId id, Outcome outcome, Instant at) {
        return updatePending(tenant, id, r -> copy(r, r.status(), Optional.of(outcome), r.evidence(), r.reflection(),
                r.note(), at));
    }

    @Override
    public synchronized boolean addEvidence(Tenant tenant, RoleMemoryId id, Evidence evidence, Instant at) {
        return updatePending(tenant, id, r -> {
            List<Evidence> all = new ArrayList<>(r.evidence());
            all.add(evidence);
            return copy(r, r.status(), r.outcome(), all, r.reflection(), r.note(), at);
        });
    }

    @Override
    public synchronized boolean note(Tenant tenant, RoleMemoryId id, String reason, Instant at) {
        return updatePending(tenant, id, r -> copy(r, r.status(), r.outcome(), r.evidence(), r.reflection(),
                Optional.of(reason), at));
    }

    @Override
    public synchronized boolean skip(Tenant tenant, RoleMemoryId id, String reason, Instant at) {
        return updatePending(tenant, id, r -> copy(r, EntryStatus.SKIPPED, r.outcome(), r.evidence(), Optional.empty(),
                Optional.of(reason), at));
    }

    @Override
    public synchronized boolean reflect(Tenant tenant, RoleMemoryId id, Reflection reflection) {
        if (find(tenant, id).filter(RoleMemoryEntry::isPending).isPresent()) {
            vectors.remove(id.value());
        }
        return updatePending(tenant, id, r -> copy(r, EntryStatus.REFLECTED, r.outcome(), r.evidence(),
                Optional.of(reflection), Optional.empty(), reflection.reflectedAt()));
    }

    private static RoleMemoryEntry copy(RoleMemoryEntry r, EntryStatus status, Optional<Outcome> outcome,
                                        List<Evidence> evidence, Optional<Reflection> reflection, Optional<String> note,
                                        Instant at) {
        return new RoleMemoryEntry(r.id(), r.tenant(), r.role(), r.inputs(), r.decision(), r.asset(), r.createdAt(),
                status, outcome, evidence, reflection, note, at);
    }

    private static final Comparator<RoleMemoryEntry> NEWEST_REFLECTION = Comparator
            .comparing((RoleMemoryEntry r) -> r.reflection().orElseThrow().reflectedAt()).reversed()
            .thenComparing(r -> -r.id().value());

    @Override
    public synchronized List<RoleMemoryEntry> recentLessons(Tenant tenant, Collection<RoleId> roles, int limit) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && roles.contains(r.role())
                && r.lesson().isPresent()).sorted(NEWEST_REFLECTION).limit(limit).toList();
    }

    @Override
    public synchronized List<RoleMemoryEntry> search(Tenant tenant, RoleId role, String query, int limit) {
        List<String> words = QueryText.keywords(query).stream().map(QueryText::stem).toList();
        Map<RoleMemoryEntry, Long> scores = new LinkedHashMap<>();
        for (RoleMemoryEntry r : rows.values()) {
            if (!r.tenant().equals(tenant) || !r.role().equals(role)) {
                continue;
            }
            Set<String> text = QueryText.tokens(searchable(r)).stream().map(QueryText::stem)
                    .collect(Collectors.toSet());
            long hits = words.stream().filter(text::contains).count();
            if (hits > 0) {
                scores.put(r, hits);
            }
        }
        return scores.entrySet().stream()
                .sorted(Map.Entry.<RoleMemoryEntry, Long>comparingByValue().reversed()
                        .thenComparing(e -> -e.getKey().id().value()))
                .map(Map.Entry::getKey).limit(limit).toList();
    }

    private static String searchable(RoleMemoryEntry r) {
        return (r.decision() + " " + r.asset().map(Asset::symbol).orElse("") + " "
                + r.reflection().map(x -> x.narrative() + " " + x.lesson().orElse("")).orElse("") + " "
                + r.outcome().map(Outcome::summary).orElse("")).toLowerCase(Locale.ROOT);
    }

    @Override
    public synchronized List<RoleMemoryEntry> reflectedForAsset(Tenant tenant, Asset asset, Collection<RoleId> roles,
                                                                int limit) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && r.asset().equals(Optional.of(asset))
                && roles.contains(r.role()) && r.reflection().isPresent()).sorted(NEWEST_REFLECTION).limit(limit).toList();
    }

    @Override
    public synchronized long countPendingCreatedBefore(Tenant tenant, Instant cutoff) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && r.isPending()
                && r.createdAt().isBefore(cutoff)).count();
    }

    @Override
    public synchronized List<MemoryEdge> edges(Tenant tenant, RoleMemoryId id) {
        return find(tenant, id).map(r -> edges.get(id.value())).orElse(List.of());
    }

    @Override
    public synchronized void saveEmbedding(Tenant tenant, RoleMemoryId id, String model, Embedding embedding) {
        if (find(tenant, id).isPresent()) {
            vectors.put(id.value(), new LinkedHashMap<>(Map.of(model, embedding)));
        }
    }

    @Override
    public synchronized List<EmbeddedEntry> embeddings(Tenant tenant, RoleId role, String model, int limit) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && r.role().equals(role))
                .sorted(Comparator.comparing((RoleMemoryEntry r) -> r.createdAt()).reversed()
                        .thenComparing(r -> -r.id().value()))
                .filter(r -> vectors.getOrDefault(r.id().value(), Map.of()).containsKey(model))
                .limit(limit).map(r -> new EmbeddedEntry(r.id(), vectors.get(r.id().value()).get(model))).toList();
    }

    @Override
    public synchronized List<RoleMemoryEntry> withoutEmbedding(String model, long afterId, int limit) {
        return rows.values().stream().filter(r -> r.id().value() > afterId
                && !vectors.getOrDefault(r.id().value(), Map.of()).containsKey(model)).limit(limit).toList();
    }

    @Override
    public synchronized List<RoleMemoryEntry> after(long afterId, int limit) {
        return rows.values().stream().filter(r -> r.id().value() > afterId).limit(limit).toList();
    }

    @Override
    public synchronized List<RoleMemoryEntry> reflected(Tenant tenant, long afterId, int limit) {
        return rows.values().stream().filter(r -> r.tenant().equals(tenant) && r.id().value() > afterId
                && r.status() == EntryStatus.REFLECTED).limit(limit).toList();
    }

    @Override
    public synchronized int addEdges(List<EntryEdges> batch, Instant now) {
        int added = 0;
        for (EntryEdges e : batch) {
            if (find(e.tenant(), e.entry()).isEmpty()) {
                continue;
            }
            List<MemoryEdge> stored = new ArrayList<>(edges.getOrDefault(e.entry().value(), List.of()));
            for (MemoryEdge edge : e.edges()) {
                boolean known = stored.stream().anyMatch(s -> s.type() == edge.type() && s.target().equals(edge.target()));
                if (!known) {
                    stored.add(edge);
                    added++;
                }
            }
            edges.put(e.entry().value(), List.copyOf(stored));
        }
        if (added > 0) {
            writes++;
        }
        return added;
    }
}
