package dev.strata.domain.personalization;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/** An autopilot activation about to be recorded. */
public record NewStrategyRun(UserId user, StrategyId strategy, BigDecimal allocatedUsd, Instant startedAt) {

    public NewStrategyRun {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(strategy, "strategy");
        allocatedUsd = UsdAmount.nonNegative("allocated_usd", allocatedUsd);
        Objects.requireNonNull(startedAt, "startedAt");
    }
}
