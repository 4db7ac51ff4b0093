package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A hand-written {@link MethodologyStore} fake. {@link InMemoryTradeStore} scores through it under
 * the same monitor, which is this fake's "one transaction".
 */
public final class InMemoryMethodologyStore implements MethodologyStore {

    private final Map<Long, Methodology> rows = new TreeMap<>();
    private long nextId = 1;

    @Override
    public synchronized Created create(NewMethodology m, double initialConfidence, Instant now) {
        return restore(m, new Stats(0, 0, initialConfidence, true), now);
    }

    @Override
    public synchronized Created restore(NewMethodology m, Stats stats, Instant now) {
        Optional<Methodology> same = rows.values().stream()
                .filter(r -> r.tenant().equals(m.tenant()) && r.assetClass() == m.assetClass()
                        && r.normalizedKey().equals(m.normalizedKey()))
                .findFirst();
        if (same.isPresent()) {
            return new Created(same.get(), false);
        }
        Methodology row = new Methodology(MethodologyId.of(nextId++), m.tenant(), m.assetClass(), m.title(), m.body(),
                stats.successes(), stats.uses(), stats.confidence(), stats.quarantined(), m.provenance(), now, now);
        rows.put(row.id().value(), row);
        return new Created(row, true);
    }

    @Override
    public synchronized List<Created> createAll(List<NewMethodology> methodologies, double initialConfidence,
                                                Instant now) {
        List<Created> out = new ArrayList<>();
        for (NewMethodology m : methodologies) {
            out.add(create(m, initialConfidence, now));
        }
        return out;
    }

    @Override
    public synchronized Optional<Methodology> find(Tenant tenant, MethodologyId id) {
        return Optional.ofNullable(rows.get(id.value())).filter(m -> m.tenant().equals(tenant));
    }

    @Override
    public synchronized List<Methodology> list(Tenant tenant, MethodologyFilter filter, int limit) {
        return rows.values().stream().filter(m -> m.tenant().equals(tenant) && filter.accepts(m))
                .sorted(Comparator.comparingDouble(Methodology::confidence).reversed()
                        .thenComparing(m -> -m.id().value()))
                .limit(limit).toList();
    }

    @Override
    public synchronized Optional<Methodology> graduate(Tenant tenant, MethodologyId id, long successes, long uses,
                                                       Instant now) {
        return find(tenant, id).filter(m -> m.successes() == successes && m.uses() == uses).map(m -> {
            if (m.graduated()) {
                return m;
            }
            Methodology g = m.withQuarantine(false, now);
            rows.put(g.id().value(), g);
            return g;
        });
    }

    @Override
    public synchronized Optional<Methodology> quarantine(Tenant tenant, MethodologyId id, Instant now) {
        return find(tenant, id).map(m -> {
            if (m.quarantined()) {
                return m;
            }
            Methodology q = m.withQuarantine(true, now);
            rows.put(q.id().value(), q);
            return q;
        });
    }

    @Override
    public synchronized Optional<MethodologyChange> rescore(Tenant tenant, MethodologyId id, LearningPolicy policy,
                                                            Instant now) {
        return find(tenant, id).map(m -> {
            Methodology after = m.rescored(policy, now);
            MethodologyChange change = new MethodologyChange(m, after);
            if (!change.changed()) {
                return new MethodologyChange(m, m);
            }
            rows.put(after.id().value(), after);
            return change;
        });
    }

    @Override
    public synchronized List<Tenant> tenants() {
        return rows.values().stream().map(Methodology::tenant).distinct().sorted(Comparator.comparing(Tenant::value))
                .toList();
    }

    /** For {@link InMemoryTradeStore}, called while holding this monitor. */
    void put(Methodology m) {
        rows.put(m.id().value(), m);
    }
}
