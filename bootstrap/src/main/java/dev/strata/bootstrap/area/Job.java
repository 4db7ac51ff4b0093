package dev.strata.bootstrap.area;

import java.time.Duration;
import java.util.Objects;

/**
 * A background job an area declares: it calls one use case at a fixed rate and holds no logic of its
 * own. The server schedules it; a failing run is logged and the next one tries again.
 *
 * @param what       what it does, for the log ("purge of expired sessions")
 * @param firstDelay from server start to the first run
 * @param period     between two runs
 * @param useCase    the use case it calls
 */
public record Job(String what, Duration firstDelay, Duration period, Runnable useCase) {

    public Job {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(firstDelay, "firstDelay");
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(useCase, "useCase");
        if (firstDelay.isNegative()) {
            throw new IllegalArgumentException(what + ": the first delay must not be negative, was " + firstDelay);
        }
        if (!period.isPositive()) {
            throw new IllegalArgumentException(what + ": the period must be positive, was " + period);
        }
    }

    /** A job that first runs one {@code period} after start. */
    public static Job every(Duration period, String what, Runnable useCase) {
        return new Job(what, period, period, useCase);
    }
}
