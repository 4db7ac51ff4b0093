package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What answers "was the decision right?" for a role (the spec's {@code outcomeProbe}): the price
 * change of the entry's asset over a window, a custom probe registered under an id, or a person.
 */
public sealed interface OutcomeProbeSpec {

    /** The probe kind as written in role files and shown on the wire. */
    String kind();

    /** Probe ids and evidence-source ids: they key settings and the probe registry. */
    Pattern PROBE_ID = Pattern.compile("[a-z][a-z0-9_.-]{0,63}");

    /** Longest measured window: a year. */
    int MAX_WINDOW_HOURS = 24 * 366;

    /**
     * The relative price change of the asset from the decision to {@code windowHours} later.
     * {@code assetField} names the input field the asset is taken from when a decision is recorded
     * without an explicit asset.
     */
    record PriceDelta(String assetField, int windowHours) implements OutcomeProbeSpec {
        public PriceDelta {
            Objects.requireNonNull(assetField, "assetField");
            if (!Pattern.matches("[A-Za-z_][A-Za-z0-9_]{0,63}", assetField)) {
                throw new InvalidInputException("assetField",
                        "must be a field name (letters, digits, '_'): " + assetField);
            }
            if (windowHours < 1 || windowHours > MAX_WINDOW_HOURS) {
                throw new InvalidInputException("windowHours",
                        "must be within 1-" + MAX_WINDOW_HOURS + ": " + windowHours);
            }
        }

        @Override
        public String kind() {
            return "price_delta";
        }
    }

    /** A probe an operator or embedder registered under {@code probeId}. */
    record Custom(String probeId) implements OutcomeProbeSpec {
        public Custom {
            if (probeId == null || !PROBE_ID.matcher(probeId).matches()) {
                throw new InvalidInputException("probeId", "must be a lower-case id "
                        + "(letters, digits, '_', '.', '-', starting with a letter, at most 64): " + probeId);
            }
        }

        @Override
        public String kind() {
            return "custom";
        }
    }

    /** Never automatic: a person records the outcome. */
    record Manual() implements OutcomeProbeSpec {
        @Override
        public String kind() {
            return "manual";
        }
    }
}
