package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The asset a decision is about ({@code BTC}, {@code EURUSD}, {@code AAPL}), as the price feed and
 * the compiled pages name it: upper case, letters, digits and {@code . _ -}, so {@code btc} and
 * {@code BTC} are one asset and a value can go into a price endpoint's URL as is.
 */
public record Asset(String symbol) {

    public static final int MAX_CHARS = 32;
    private static final Pattern SYMBOL = Pattern.compile("[A-Z0-9][A-Z0-9._-]{0,31}");

    public Asset {
        if (symbol == null || symbol.isBlank()) {
            throw new InvalidInputException("asset", "must not be blank");
        }
        symbol = symbol.strip().toUpperCase(Locale.ROOT);
        if (symbol.startsWith("$")) {
            symbol = symbol.substring(1);
        }
        if (!SYMBOL.matcher(symbol).matches()) {
            throw new InvalidInputException("asset", "must be 1-" + MAX_CHARS + " letters, digits, '.', '_' or '-'");
        }
    }

    public static Asset of(String symbol) {
        return new Asset(symbol);
    }

    @Override
    public String toString() {
        return symbol;
    }
}
