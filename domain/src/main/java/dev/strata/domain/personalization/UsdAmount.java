package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.math.BigDecimal;

/** The checks on US-dollar amounts of this area: exact decimals, bounded, with or without sign. */
public final class UsdAmount {

    /** Far above any portfolio; keeps a hostile number from growing without bound. */
    public static final BigDecimal MAX = new BigDecimal("1000000000000000");
    private static final int MAX_SCALE = 8;

    private UsdAmount() {
    }

    /** A non-negative amount (holdings, equity, allocation). */
    public static BigDecimal nonNegative(String field, BigDecimal amount) {
        BigDecimal a = any(field, amount);
        if (a.signum() < 0) {
            throw new InvalidInputException(field, "must not be negative");
        }
        return a;
    }

    /** An amount of either sign (a realised P&amp;L). */
    public static BigDecimal any(String field, BigDecimal amount) {
        if (amount == null) {
            throw new InvalidInputException(field, "is required");
        }
        if (amount.abs().compareTo(MAX) > 0) {
            throw new InvalidInputException(field, "must be at most " + MAX.toPlainString() + " in size");
        }
        if (amount.stripTrailingZeros().scale() > MAX_SCALE) {
            throw new InvalidInputException(field, "must have at most " + MAX_SCALE + " decimal places");
        }
        BigDecimal stripped = amount.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
