package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The asset a trade or compiled page is about, normalised so every spelling lands on one key:
 * {@code $btc}, {@code BTC/USDT} and {@code BTC-PERP} are {@code BTC}; a forex pair keeps both
 * currencies, {@code EUR/USD} is {@code EURUSD} (not {@code EUR}), so it lands on the forex class.
 */
public record AssetSymbol(String key, boolean forexPair) {

    /** ISO 4217 codes that form forex pairs, plus spot gold and silver. */
    static final Set<String> FIAT = Set.of("USD", "EUR", "GBP", "JPY", "CHF", "AUD", "CAD", "NZD", "CNY", "CNH",
            "HKD", "SGD", "SEK", "NOK", "DKK", "MXN", "ZAR", "TRY", "INR", "KRW", "BRL", "PLN", "THB", "TWD", "XAU",
            "XAG");
    /** Quote and contract suffixes that say "priced in" or "derivative of", not which asset. */
    private static final Set<String> QUOTES = Set.of("USDT", "USDC", "USD", "BUSD", "FDUSD", "DAI", "USDE", "PERP",
            "PERPS", "PERPETUAL", "SWAP");
    private static final Pattern KEY = Pattern.compile("[A-Z0-9]{1,15}");
    private static final Pattern PAIR = Pattern.compile("([A-Z0-9]{1,15})[/_-]([A-Z0-9]{1,15})");
    private static final Pattern FIAT_PAIR = Pattern.compile("([A-Z]{3})[/_-]?([A-Z]{3})");

    public AssetSymbol {
        Objects.requireNonNull(key, "key");
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("asset key not normalised: '" + key + "'");
        }
    }

    /** Normalises user input, naming {@code field} when it is not a ticker or pair. */
    public static AssetSymbol parse(String field, String raw) {
        if (raw == null || raw.isBlank()) {
            throw new InvalidInputException(field, "is required");
        }
        String s = raw.strip().toUpperCase(Locale.ROOT);
        if (s.startsWith("$")) {
            s = s.substring(1);
        }
        Matcher fx = FIAT_PAIR.matcher(s);
        if (fx.matches() && FIAT.contains(fx.group(1)) && FIAT.contains(fx.group(2)) && !fx.group(1).equals(fx.group(2))) {
            return new AssetSymbol(fx.group(1) + fx.group(2), true);
        }
        Matcher pair = PAIR.matcher(s);
        if (pair.matches() && QUOTES.contains(pair.group(2)) && !QUOTES.contains(pair.group(1))) {
            return new AssetSymbol(pair.group(1), false);
        }
        if (KEY.matcher(s).matches()) {
            return new AssetSymbol(s, false);
        }
        throw new InvalidInputException(field, "must be a ticker such as BTC or a forex pair such as EUR/USD");
    }

    @Override
    public String toString() {
        return key;
    }
}
