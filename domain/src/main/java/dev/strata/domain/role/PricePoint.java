package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/** A price of an asset at an instant, and where it came from (an agent's tool, an endpoint). */
public record PricePoint(Asset asset, BigDecimal price, Instant at, String source) {

    private static final BigDecimal MAX_PRICE = new BigDecimal("1e15");
    private static final Pattern SOURCE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:/-]{0,79}");

    public PricePoint {
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(at, "at");
        if (price == null || price.signum() <= 0 || price.compareTo(MAX_PRICE) > 0) {
            throw new InvalidInputException("price", "must be a positive number no larger than 1e15");
        }
        // One spelling per value (100.0 and 100 are the same price) that still prints without an exponent.
        price = price.stripTrailingZeros();
        if (price.scale() < 0) {
            price = price.setScale(0);
        }
        if (source == null || !SOURCE.matcher(source).matches()) {
            throw new InvalidInputException("source", "must be 1-80 letters, digits or _ . : / -");
        }
    }
}
