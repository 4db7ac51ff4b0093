package dev.strata.bootstrap;

import dev.strata.application.fact.ConsolidationSettings;

import java.time.Duration;
import java.util.Objects;

/**
 * The general fact layer's background work.
 *
 * @param sweepDebounce  a sweep runs this long after the last recorded fact...
 * @param sweepMaxWait   ...but no later than this after the first one of a burst
 * @param retryInterval  how often facts left pending (model over budget or down) are retried
 * @param snapshotLimit  most active facts rendered into the snapshot
 */
public record FactSettings(ConsolidationSettings consolidation, Duration sweepDebounce, Duration sweepMaxWait,
                           Duration retryInterval, int snapshotLimit) {

    public FactSettings {
        Objects.requireNonNull(consolidation, "consolidation");
        Objects.requireNonNull(sweepDebounce, "sweepDebounce");
        Objects.requireNonNull(sweepMaxWait, "sweepMaxWait");
        Objects.requireNonNull(retryInterval, "retryInterval");
        if (sweepDebounce.isNegative() || sweepMaxWait.compareTo(sweepDebounce) < 0) {
            throw new IllegalArgumentException("need 0 <= strata.facts.sweep-debounce-ms <= strata.facts.sweep-max-wait-ms");
        }
        if (!retryInterval.isPositive()) {
            throw new IllegalArgumentException("strata.facts.retry-interval-minutes must be positive");
        }
        if (snapshotLimit < 0) {
            throw new IllegalArgumentException("strata.facts.snapshot-limit must not be negative");
        }
    }

    public FactSettings withConsolidation(ConsolidationSettings newConsolidation) {
        return new FactSettings(newConsolidation, sweepDebounce, sweepMaxWait, retryInterval, snapshotLimit);
    }

    public FactSettings withSweep(Duration debounce, Duration maxWait) {
        return new FactSettings(consolidation, debounce, maxWait, retryInterval, snapshotLimit);
    }
}
