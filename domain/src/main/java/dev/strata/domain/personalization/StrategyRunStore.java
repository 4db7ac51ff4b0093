package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the append-only {@code strategy_runs} history. At most one running run per (tenant,
 * user, strategy); a run is closed once and its P&amp;L back-filled once.
 */
public interface StrategyRunStore {

    /**
     * Records an activation.
     *
     * @throws dev.strata.domain.error.ConflictException when the strategy already has a running run
     */
    StrategyRun open(Tenant tenant, NewStrategyRun run);

    Optional<StrategyRun> find(Tenant tenant, StrategyRunId id);

    /** The user's running runs, oldest first. */
    List<StrategyRun> running(Tenant tenant, UserId user);

    /** The user's runs, newest first, at most {@code limit}. */
    List<StrategyRun> history(Tenant tenant, UserId user, int limit);

    /**
     * Closes a running run. False, changing nothing, when it is not running (already closed, or not
     * the tenant's).
     */
    boolean close(Tenant tenant, StrategyRunId id, StopReason reason, Instant stoppedAt,
                  Optional<BigDecimal> realizedPnlUsd);

    /** Back-fills the P&amp;L of a stopped run that has none yet; false otherwise. */
    boolean backfillPnl(Tenant tenant, StrategyRunId id, BigDecimal realizedPnlUsd);
}
