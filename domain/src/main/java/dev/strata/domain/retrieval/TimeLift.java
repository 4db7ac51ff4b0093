package dev.strata.domain.retrieval;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The soft lift a question's own time words give the memories whose event time falls in them
 * (LongMemEval's time-aware query expansion): a memory's fused score is multiplied by
 * {@code 1 + weight * max(confidence * membership)} over the question's {@link TimeWindow}s, so a
 * memory inside a sure window counts {@code 1 + weight} times, one just outside it a little more
 * than once, and every other memory is left as it was. A lift only reorders what the arms found; it
 * never filters (that is what {@code occurred_after} / {@code occurred_before} are for).
 *
 * @param weight how much a sure, exact hit is lifted; 0 switches the lift off
 */
public record TimeLift(double weight) {

    /** No lift. */
    public static final TimeLift OFF = new TimeLift(0);

    /** The largest weight accepted: beyond it the time words would outrank every word of the question. */
    public static final double MAX_WEIGHT = 10;

    public TimeLift {
        if (!(weight >= 0 && weight <= MAX_WEIGHT)) {
            throw new IllegalArgumentException("a time lift's weight is in [0, " + MAX_WEIGHT + "]: " + weight);
        }
    }

    public boolean isOff() {
        return weight == 0;
    }

    /** The factor, at least 1, for a memory whose event time is {@code occurredAt}. */
    public double factor(Instant occurredAt, List<TimeWindow> windows) {
        Objects.requireNonNull(occurredAt, "occurredAt");
        if (isOff() || windows.isEmpty()) {
            return 1.0;
        }
        double best = 0;
        for (TimeWindow w : windows) {
            best = Math.max(best, w.confidence() * w.membership(occurredAt));
        }
        return 1.0 + weight * best;
    }
}
