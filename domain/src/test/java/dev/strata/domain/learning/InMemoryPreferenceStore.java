package dev.strata.domain.learning;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A hand-written {@link PreferenceStore} fake. Like the real store it can only insert proposed rows. */
public final class InMemoryPreferenceStore implements PreferenceStore {

    private final Map<Long, LearnedPreference> rows = new TreeMap<>();
    private long nextId = 1;

    @Override
    public synchronized Proposed propose(NewPreference p, EvidenceMerge merge, Instant now) {
        Optional<LearnedPreference> same = rows.values().stream()
                .filter(r -> r.tenant().equals(p.tenant()) && r.dimension() == p.dimension() && r.kind() == p.kind()
                        && r.normalizedContent().equals(p.normalizedContent()))
                .findFirst();
        if (same.isPresent()) {
            LearnedPreference existing = same.get();
            long evidence = merge.merge(existing.evidence(), p.evidence());
            LearnedPreference merged = evidence == existing.evidence() ? existing : existing.withEvidence(evidence, now);
            rows.put(merged.id().value(), merged);
            return new Proposed(merged, false, existing.evidence());
        }
        LearnedPreference row = new LearnedPreference(PreferenceId.of(nextId++), p.tenant(), p.dimension(), p.content(),
                p.kind(), PreferenceState.PROPOSED, p.evidence(), p.source(), Optional.empty(), now, now);
        rows.put(row.id().value(), row);
        return new Proposed(row, true, 0);
    }

    @Override
    public synchronized Optional<LearnedPreference> find(Tenant tenant, PreferenceId id) {
        return Optional.ofNullable(rows.get(id.value())).filter(p -> p.tenant().equals(tenant));
    }

    @Override
    public synchronized List<LearnedPreference> list(Tenant tenant, PreferenceFilter filter, int limit) {
        return rows.values().stream().filter(p -> p.tenant().equals(tenant) && filter.accepts(p))
                .sorted(Comparator.comparing((LearnedPreference p) -> p.id().value()).reversed())
                .limit(limit).toList();
    }

    @Override
    public synchronized Optional<LearnedPreference> transition(Tenant tenant, PreferenceId id, PreferenceAction action,
                                                               Instant now) {
        return find(tenant, id).map(p -> {
            LearnedPreference after = p.after(action, now);
            rows.put(after.id().value(), after);
            return after;
        });
    }

    @Override
    public synchronized Optional<LearnedPreference> linkMemory(Tenant tenant, PreferenceId id, Optional<MemoryId> memory,
                                                               Instant now) {
        return find(tenant, id).map(p -> {
            LearnedPreference after = p.withMemory(memory, now);
            rows.put(after.id().value(), after);
            return after;
        });
    }
}
