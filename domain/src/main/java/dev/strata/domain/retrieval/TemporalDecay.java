package dev.strata.domain.retrieval;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Exponential ageing of a score: {@code multiplier = 0.5 ^ (age / halfLife)}, so a memory last
 * modified one half-life ago counts half. Evergreen types ({@code identity} and {@code lesson} by
 * default) are exempt. A timestamp after "now" (clock skew) is treated as age zero rather than
 * boosted.
 */
public final class TemporalDecay {

    public static final Duration DEFAULT_HALF_LIFE = Duration.ofDays(30);
    public static final Set<String> DEFAULT_EXEMPT_TYPES = Set.of("identity", "lesson");

    private final Duration halfLife;
    private final Set<String> exemptTypes;

    public TemporalDecay(Duration halfLife, Set<String> exemptTypes) {
        Objects.requireNonNull(halfLife, "halfLife");
        if (halfLife.isNegative() || halfLife.isZero()) {
            throw new IllegalArgumentException("half-life must be positive: " + halfLife);
        }
        this.halfLife = halfLife;
        this.exemptTypes = exemptTypes.stream().map(TemporalDecay::normalise).collect(Collectors.toUnmodifiableSet());
    }

    /** The factor in (0, 1] to multiply a score by. */
    public double multiplier(String type, Instant updatedAt, Instant now) {
        if (isExempt(type)) {
            return 1.0;
        }
        Duration age = Duration.between(updatedAt, now);
        if (age.isNegative()) {
            return 1.0;
        }
        double halfLives = (double) age.toMillis() / halfLife.toMillis();
        return Math.pow(0.5, halfLives);
    }

    public boolean isExempt(String type) {
        return exemptTypes.contains(normalise(type));
    }

    private static String normalise(String type) {
        return type.strip().toLowerCase(Locale.ROOT);
    }
}
