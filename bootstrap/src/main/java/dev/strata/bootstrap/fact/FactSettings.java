package dev.strata.bootstrap.fact;

import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.time.Duration;
import java.util.Objects;

/**
 * The general fact layer: {@code strata.facts.*} (the consolidation switch and guidance keep the
 * spec's variable names, {@code MEMORY_CONSOLIDATION_*}).
 *
 * @param consolidation whether recorded facts are consolidated by the language model, and the operator's steer
 * @param sweep         when the background sweep of recorded facts runs
 * @param retryInterval how often facts left pending (model over budget or down) are retried
 * @param snapshotLimit most active facts rendered into the memory-context block (0: none)
 */
public record FactSettings(ConsolidationSettings consolidation, Sweep sweep, Duration retryInterval, int snapshotLimit)
        implements AreaSettings {

    static final ConfigKey CONSOLIDATION_ENABLED =
            new ConfigKey("strata.facts.consolidation-enabled", "MEMORY_CONSOLIDATION_ENABLED");
    static final ConfigKey CONSOLIDATION_GUIDANCE =
            new ConfigKey("strata.facts.consolidation-guidance", "MEMORY_CONSOLIDATION_GUIDANCE");
    static final ConfigKey SWEEP_DEBOUNCE = new ConfigKey("strata.facts.sweep-debounce-ms", "STRATA_FACTS_SWEEP_DEBOUNCE_MS");
    static final ConfigKey SWEEP_MAX_WAIT = new ConfigKey("strata.facts.sweep-max-wait-ms", "STRATA_FACTS_SWEEP_MAX_WAIT_MS");
    static final ConfigKey RETRY_INTERVAL =
            new ConfigKey("strata.facts.retry-interval-minutes", "STRATA_FACTS_RETRY_INTERVAL_MINUTES");
    static final ConfigKey SNAPSHOT_LIMIT = new ConfigKey("strata.facts.snapshot-limit", "STRATA_FACTS_SNAPSHOT_LIMIT");

    /**
     * A sweep runs {@code debounce} after the last recorded fact, but no later than {@code maxWait} after
     * the first one of a burst.
     */
    public record Sweep(Duration debounce, Duration maxWait) {

        public Sweep {
            Objects.requireNonNull(debounce, "debounce");
            Objects.requireNonNull(maxWait, "maxWait");
            if (debounce.isNegative()) {
                throw SWEEP_DEBOUNCE.invalid("zero or more", debounce.toMillis());
            }
            if (maxWait.compareTo(debounce) < 0) {
                throw SWEEP_MAX_WAIT.invalid("at least " + SWEEP_DEBOUNCE.name() + " (" + debounce.toMillis() + ")",
                        maxWait.toMillis());
            }
        }
    }

    public FactSettings {
        Objects.requireNonNull(consolidation, "consolidation");
        Objects.requireNonNull(sweep, "sweep");
        Objects.requireNonNull(retryInterval, "retryInterval");
        if (!retryInterval.isPositive()) {
            throw RETRY_INTERVAL.invalid("positive", retryInterval.toMinutes());
        }
        if (snapshotLimit < 0) {
            throw SNAPSHOT_LIMIT.invalid("zero or more", snapshotLimit);
        }
    }

    public static FactSettings from(ConfigReader config) {
        boolean enabled = config.bool(CONSOLIDATION_ENABLED);
        String guidance = config.optional(CONSOLIDATION_GUIDANCE).orElse("");
        ConsolidationSettings consolidation = CONSOLIDATION_GUIDANCE.checking(() -> new ConsolidationSettings(enabled,
                guidance, ConsolidationSettings.DEFAULT_MAX_CANDIDATES));
        return new FactSettings(consolidation, new Sweep(config.millis(SWEEP_DEBOUNCE), config.millis(SWEEP_MAX_WAIT)),
                config.minutes(RETRY_INTERVAL), config.integer(SNAPSHOT_LIMIT));
    }

    public FactSettings withConsolidation(ConsolidationSettings newConsolidation) {
        return new FactSettings(newConsolidation, sweep, retryInterval, snapshotLimit);
    }

    public FactSettings withSweep(Sweep newSweep) {
        return new FactSettings(consolidation, newSweep, retryInterval, snapshotLimit);
    }
}
