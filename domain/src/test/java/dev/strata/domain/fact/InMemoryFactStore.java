package dev.strata.domain.fact;

import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A hand-written {@link FactStore} fake for tests of the layers above the store. Its similarity
 * search counts shared keywords, which is all the contract promises about ordering.
 */
public final class InMemoryFactStore implements FactStore {

    private final Map<Long, Fact> rows = new LinkedHashMap<>();
    private final List<ConsolidationEvent> events = new ArrayList<>();
    private long nextId;

    @Override
    public synchronized Fact insert(NewFact fact, Instant now) {
        Fact stored = new Fact(FactId.of(++nextId), fact.tenant(), fact.content(), fact.normalized(),
                FactStatus.PENDING, fact.source(), now, Optional.empty(), Optional.empty(), Optional.empty());
        rows.put(stored.id().value(), stored);
        return stored;
    }

    @Override
    public synchronized Optional<Fact> find(Tenant tenant, FactId id) {
        return Optional.ofNullable(rows.get(id.value())).filter(f -> f.tenant().equals(tenant));
    }

    @Override
    public synchronized List<Fact> list(Tenant tenant, Optional<FactStatus> status, int limit) {
        return of(tenant).filter(f -> status.map(s -> s == f.status()).orElse(true))
                .sorted(Comparator.comparing((Fact f) -> f.id().value()).reversed()).limit(limit).toList();
    }

    @Override
    public synchronized List<Fact> activeOldestFirst(Tenant tenant, int limit) {
        return of(tenant).filter(Fact::isActive)
                .sorted(Comparator.comparing(Fact::createdAt).thenComparing(f -> f.id().value()))
                .limit(limit).toList();
    }

    @Override
    public synchronized List<Fact> oldestPending(Tenant tenant, int limit) {
        return of(tenant).filter(Fact::isPending)
                .sorted(Comparator.comparing(Fact::createdAt).thenComparing(f -> f.id().value()))
                .limit(limit).toList();
    }

    @Override
    public synchronized List<Tenant> tenantsWithPending() {
        return rows.values().stream().filter(Fact::isPending).map(Fact::tenant).distinct().toList();
    }

    @Override
    public synchronized Optional<Fact> findActiveByNormalized(Tenant tenant, String normalized) {
        return of(tenant).filter(f -> f.isActive() && f.normalized().equals(normalized)).findFirst();
    }

    @Override
    public synchronized List<Fact> searchActive(Tenant tenant, String text, int limit) {
        Set<String> wanted = new HashSet<>(QueryText.keywords(text));
        record Scored(Fact fact, long shared) {
        }
        return of(tenant).filter(Fact::isActive)
                .map(f -> new Scored(f, QueryText.tokens(f.content()).stream().distinct().filter(wanted::contains).count()))
                .filter(s -> s.shared() > 0)
                .sorted(Comparator.comparingLong(Scored::shared).reversed())
                .limit(limit).map(Scored::fact).toList();
    }

    @Override
    public synchronized boolean apply(Tenant tenant, List<FactTransition> transitions,
                                      Optional<ConsolidationEvent> event, Instant now) {
        event.ifPresent(e -> {
            if (!e.tenant().equals(tenant)) {
                throw new IllegalArgumentException("the event belongs to another tenant");
            }
        });
        for (FactTransition t : transitions) {
            Optional<Fact> current = find(tenant, t.id());
            if (current.isEmpty() || current.get().status() != t.from()) {
                return false;
            }
        }
        for (FactTransition t : transitions) {
            Fact f = rows.get(t.id().value());
            rows.put(f.id().value(), new Fact(f.id(), f.tenant(), f.content(), f.normalized(), t.to(), f.source(),
                    f.createdAt(), Optional.of(now), t.retiredBy(), Optional.of(t.reason())));
        }
        event.ifPresent(events::add);
        return true;
    }

    @Override
    public synchronized List<ConsolidationEvent> events(Tenant tenant, FactId fact) {
        RowRef ref = RowRef.fact(fact);
        return events.stream().filter(e -> e.tenant().equals(tenant))
                .filter(e -> e.fact().equals(fact) || e.target().filter(ref::equals).isPresent()).toList();
    }

    @Override
    public synchronized long count(Tenant tenant, FactStatus status) {
        return of(tenant).filter(f -> f.status() == status).count();
    }

    private java.util.stream.Stream<Fact> of(Tenant tenant) {
        return rows.values().stream().filter(f -> f.tenant().equals(tenant));
    }
}
