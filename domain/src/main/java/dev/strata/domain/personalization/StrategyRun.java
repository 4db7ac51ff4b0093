package dev.strata.domain.personalization;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One enable&rarr;disable cycle of an autopilot strategy (spec 04 "Strategy runs"), agent-internal.
 * The history is append-only: a run is opened, closed once with a reason, and its realised P&amp;L
 * may be back-filled once after the stop; nothing else ever changes.
 */
public record StrategyRun(StrategyRunId id, UserId user, StrategyId strategy, BigDecimal allocatedUsd,
                          Instant startedAt, Optional<Instant> stoppedAt, Optional<StopReason> stopReason,
                          Optional<BigDecimal> realizedPnlUsd) {

    public StrategyRun {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(strategy, "strategy");
        allocatedUsd = UsdAmount.nonNegative("allocated_usd", allocatedUsd);
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(stoppedAt, "stoppedAt");
        Objects.requireNonNull(stopReason, "stopReason");
        Objects.requireNonNull(realizedPnlUsd, "realizedPnlUsd");
        realizedPnlUsd = realizedPnlUsd.map(p -> UsdAmount.any("realized_pnl_usd", p));
        if (stoppedAt.isPresent() != stopReason.isPresent()) {
            throw new IllegalArgumentException("a stopped run has a stop reason, a running one none");
        }
        if (stoppedAt.isPresent() && stoppedAt.get().isBefore(startedAt)) {
            throw new IllegalArgumentException("a run stops after it starts");
        }
        if (realizedPnlUsd.isPresent() && stoppedAt.isEmpty()) {
            throw new IllegalArgumentException("the realised P&L is known once the run stopped");
        }
    }

    public boolean running() {
        return stoppedAt.isEmpty();
    }

    /** {@code running} or {@code stopped}. */
    public String status() {
        return running() ? "running" : "stopped";
    }
}
