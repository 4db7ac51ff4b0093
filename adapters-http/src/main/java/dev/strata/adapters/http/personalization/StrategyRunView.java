package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.StopReason;
import dev.strata.domain.personalization.StrategyRun;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One agent-internal autopilot run. */
record StrategyRunView(long id, String userId, String strategyId, BigDecimal allocatedUsd, String status,
                       Instant startedAt, Optional<Instant> stoppedAt, Optional<String> stopReason,
                       Optional<BigDecimal> realizedPnlUsd) {

    static StrategyRunView of(StrategyRun r) {
        return new StrategyRunView(r.id().value(), r.user().value(), r.strategy().value(), r.allocatedUsd(), r.status(),
                r.startedAt(), r.stoppedAt(), r.stopReason().map(StopReason::wireName), r.realizedPnlUsd());
    }

    /** A list of runs under one field. */
    record Runs(List<StrategyRunView> runs) {
        static Runs of(List<StrategyRun> runs) {
            return new Runs(runs.stream().map(StrategyRunView::of).toList());
        }
    }
}
