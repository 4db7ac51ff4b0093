package dev.strata.domain.retrieval;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A soft window of event time read from a question: {@code [start, end)}, how it was anchored and
 * how sure the reading is. "Soft" because a question's time is rarely exact ("last week" may mean
 * the last seven days or the previous calendar week): {@link #membership} is 1 inside the window
 * and fades to 0 over a margin outside it, so an event a day past the edge still counts a little.
 *
 * @param start      first instant inside the window
 * @param end        first instant after it (exclusive), after {@code start}
 * @param kind       how the window was anchored
 * @param confidence how sure the reading is, in (0, 1]: 1 for a stated calendar date, lower for
 *                   readings that guessed (which May "in May" means) or were vague ("recently")
 * @param expression the words of the question the window was read from
 */
public record TimeWindow(Instant start, Instant end, Kind kind, double confidence, String expression) {

    /** How a window was anchored. */
    public enum Kind {
        /** A calendar date, month, season or year the question states ("on 8 May 2023", "in 2023"). */
        ABSOLUTE,
        /** Counted from the reference instant ("yesterday", "last week", "3 days ago", "last May"). */
        RELATIVE,
        /** A loose span around the reference instant ("recently", "a few weeks ago"). */
        VAGUE
    }

    /** The smallest fade-out outside a window: a day, so a one-day window still reaches its neighbours a little. */
    static final Duration MIN_MARGIN = Duration.ofDays(1);

    public TimeWindow {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expression, "expression");
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("a time window ends after it starts: " + start + " .. " + end);
        }
        if (!(confidence > 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1]: " + confidence);
        }
        if (expression.isBlank()) {
            throw new IllegalArgumentException("expression must not be blank");
        }
    }

    /** True when {@code t} falls inside {@code [start, end)}. */
    public boolean contains(Instant t) {
        return !t.isBefore(start) && t.isBefore(end);
    }

    public Duration length() {
        return Duration.between(start, end);
    }

    /**
     * 1 inside the window; outside it, falls linearly to 0 over a margin of half the window's
     * length (at least {@link #MIN_MARGIN}); 0 beyond. Not scaled by {@link #confidence}: a caller
     * that lifts by it multiplies both.
     */
    public double membership(Instant t) {
        if (contains(t)) {
            return 1.0;
        }
        long margin = Math.max(MIN_MARGIN.toMillis(), length().toMillis() / 2);
        long distance = t.isBefore(start) ? Duration.between(t, start).toMillis()
                : Duration.between(end, t).toMillis();
        return distance >= margin ? 0.0 : 1.0 - (double) distance / margin;
    }
}
