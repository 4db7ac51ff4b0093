package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What happened after a decision: a one-line summary the reflector shows the model as {pnl}
 * (for a price delta, "BTC 100 -> 92 (-8.00%) over 168h"), the relative change when there is a
 * number to it, who measured it ({@code price_delta}, {@code custom:<probe>}, {@code manual}) and when.
 */
public record Outcome(String summary, Optional<BigDecimal> changePercent, String source, Instant measuredAt) {

    public static final int MAX_SUMMARY_CHARS = 1_000;

    public Outcome {
        if (summary == null || summary.isBlank()) {
            throw new InvalidInputException("outcome", "must not be blank");
        }
        summary = summary.strip();
        if (summary.length() > MAX_SUMMARY_CHARS) {
            throw new InvalidInputException("outcome", "must be at most " + MAX_SUMMARY_CHARS + " characters");
        }
        Objects.requireNonNull(changePercent, "changePercent");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(measuredAt, "measuredAt");
        if (source.isBlank() || source.length() > 80) {
            throw new InvalidInputException("source", "must be 1-80 characters");
        }
    }
}
