package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A hand-written {@link CapitalMetricsStore} fake. */
public final class InMemoryCapitalMetricsStore implements CapitalMetricsStore {

    private final Map<ProfileRef, CapitalMetrics> rows = new HashMap<>();

    @Override
    public synchronized Optional<CapitalMetrics> find(Tenant tenant, UserId user) {
        return Optional.ofNullable(rows.get(new ProfileRef(tenant, user)));
    }

    @Override
    public synchronized boolean claim(Tenant tenant, UserId user, Instant now, Instant nextUpdate) {
        CapitalMetrics m = row(tenant, user);
        if (!m.isDue(now)) {
            return false;
        }
        put(tenant, new CapitalMetrics(user, m.value(), Optional.of(nextUpdate), m.lastFailureAt(), m.lastFailure()));
        return true;
    }

    @Override
    public synchronized CapitalMetrics record(Tenant tenant, UserId user, CapitalValue value) {
        CapitalMetrics m = row(tenant, user);
        return put(tenant, new CapitalMetrics(user, Optional.of(value), m.nextUpdate(), Optional.empty(),
                Optional.empty()));
    }

    @Override
    public synchronized CapitalMetrics recordFailure(Tenant tenant, UserId user, String reason, Instant at,
                                                     Instant retryAt) {
        CapitalMetrics m = row(tenant, user);
        return put(tenant, new CapitalMetrics(user, m.value(), Optional.of(retryAt), Optional.of(at),
                Optional.of(reason)));
    }

    private CapitalMetrics row(Tenant tenant, UserId user) {
        return rows.getOrDefault(new ProfileRef(tenant, user), new CapitalMetrics(user, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty()));
    }

    private CapitalMetrics put(Tenant tenant, CapitalMetrics m) {
        rows.put(new ProfileRef(tenant, m.user()), m);
        return m;
    }
}
