package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Sizes, prices and P&L are exact decimals: break-even must be exactly zero, and a stored value
 * must read back equal. Values are kept without trailing zeros so equal amounts are equal records.
 */
public final class Money {

    /** More significant digits than any real price or size needs; bounds what a caller can make us store. */
    public static final int MAX_PRECISION = 30;

    private Money() {
    }

    public static BigDecimal positive(String field, BigDecimal value) {
        BigDecimal v = any(field, value);
        if (v.signum() <= 0) {
            throw new InvalidInputException(field, "must be greater than zero");
        }
        return v;
    }

    public static BigDecimal any(String field, BigDecimal value) {
        if (value == null) {
            throw new InvalidInputException(field, "is required");
        }
        if (value.precision() > MAX_PRECISION || Math.abs((long) value.scale()) > 40) {
            throw new InvalidInputException(field, "must have at most " + MAX_PRECISION + " significant digits");
        }
        BigDecimal stripped = value.stripTrailingZeros();
        // 1E+3 would print in scientific notation on the wire; keep a plain scale.
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    /** The plain text the stores keep and the views show. */
    public static String text(BigDecimal value) {
        return value.toPlainString();
    }

    public static BigDecimal parse(String text) {
        return any("amount", new BigDecimal(text, MathContext.UNLIMITED));
    }
}
