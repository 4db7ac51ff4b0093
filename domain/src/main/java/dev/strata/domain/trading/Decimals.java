package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The mirror's numbers. The tables keep them as REAL, as the spec's schema does (the mirror is
 * summed and averaged in SQL); a double holds any decimal of up to 15 significant digits exactly
 * enough to read it back equal, so values are rounded to 15 digits on the way in and a stored fill
 * reads back equal to the one written. Upstream prices and sizes carry far fewer digits.
 */
public final class Decimals {

    public static final MathContext PRECISION = new MathContext(15, RoundingMode.HALF_EVEN);
    /** Beyond any real price, size or dollar amount; keeps a hostile 1e308 out of sums. */
    static final BigDecimal MAX_ABS = new BigDecimal("1e15");

    private Decimals() {
    }

    public static BigDecimal of(String field, BigDecimal value) {
        if (value == null) {
            throw new InvalidInputException(field, "is required");
        }
        if (value.abs().compareTo(MAX_ABS) >= 0) {
            throw new InvalidInputException(field, "must be below 1e15 in absolute value");
        }
        return normal(value.round(PRECISION));
    }

    public static BigDecimal positive(String field, BigDecimal value) {
        BigDecimal v = of(field, value);
        if (v.signum() <= 0) {
            throw new InvalidInputException(field, "must be greater than zero");
        }
        return v;
    }

    /** A stored REAL read back: the shortest decimal that names the double, normalised like a written value. */
    public static BigDecimal fromDouble(double value) {
        return normal(BigDecimal.valueOf(value).round(PRECISION));
    }

    /** Dollar figures of a summary: two decimals. */
    public static BigDecimal usd(BigDecimal value) {
        return value.setScale(2, RoundingMode.HALF_EVEN);
    }

    private static BigDecimal normal(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
