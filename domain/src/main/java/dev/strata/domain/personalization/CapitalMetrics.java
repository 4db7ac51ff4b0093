package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code capital_metrics} row (agent-internal: never in the user-facing snapshot).
 *
 * @param value         the last computed figure; empty until a read succeeded once. A failed read
 *                      keeps it: never a misleading zero
 * @param nextUpdate    the cooldown: the earliest time a recompute may read the sources again
 * @param lastFailureAt when the sources last could not be read, if the latest attempt failed
 * @param lastFailure   why, as the source said it
 */
public record CapitalMetrics(UserId user, Optional<CapitalValue> value, Optional<Instant> nextUpdate,
                             Optional<Instant> lastFailureAt, Optional<String> lastFailure) {

    public CapitalMetrics {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(nextUpdate, "nextUpdate");
        Objects.requireNonNull(lastFailureAt, "lastFailureAt");
        Objects.requireNonNull(lastFailure, "lastFailure");
    }

    public boolean isDue(Instant now) {
        return nextUpdate.map(n -> !n.isAfter(now)).orElse(true);
    }
}
