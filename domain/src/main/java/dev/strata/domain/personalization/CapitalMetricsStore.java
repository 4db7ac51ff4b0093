package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Optional;

/** Driven port: the {@code capital_metrics} table, one row per (tenant, user). */
public interface CapitalMetricsStore {

    Optional<CapitalMetrics> find(Tenant tenant, UserId user);

    /**
     * Claims a recompute: when the row is due at {@code now} (no row, or its next update is not after
     * {@code now}) sets the next update to {@code nextUpdate} and answers true. Atomic.
     */
    boolean claim(Tenant tenant, UserId user, Instant now, Instant nextUpdate);

    /** Stores a computed figure and clears the failure. */
    CapitalMetrics record(Tenant tenant, UserId user, CapitalValue value);

    /**
     * Notes that the sources could not be read, keeping the last figure, and sets the next update to
     * {@code retryAt}.
     */
    CapitalMetrics recordFailure(Tenant tenant, UserId user, String reason, Instant at, Instant retryAt);
}
