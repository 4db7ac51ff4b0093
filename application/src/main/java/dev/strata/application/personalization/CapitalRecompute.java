package dev.strata.application.personalization;

import dev.strata.domain.personalization.CapitalMetrics;

import java.util.Objects;

/**
 * What one capital recompute did, and the row afterwards.
 *
 * @param outcome {@link Outcome#COMPUTED}, {@link Outcome#COOLDOWN} (not due: nothing read), or
 *                {@link Outcome#UNAVAILABLE} (the sources failed: the last value was kept)
 */
public record CapitalRecompute(Outcome outcome, CapitalMetrics metrics) {

    public enum Outcome { COMPUTED, COOLDOWN, UNAVAILABLE }

    public CapitalRecompute {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(metrics, "metrics");
    }
}
