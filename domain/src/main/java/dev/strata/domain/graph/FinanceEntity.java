package dev.strata.domain.graph;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A finance entity identified by its kind and normalised key. Two mentions of the same asset
 * written differently ({@code $btc}, {@code BTC/USDT}, {@code BTC-PERP}) yield equal entities,
 * which is what makes edges idempotent and entity overlap meaningful.
 */
public record FinanceEntity(EntityKind kind, String key) {

    private static final String PAIR_SEPARATOR = "|";
    // Compiled once: entities are made for every memory written (String.matches compiles on each call).
    private static final Pattern TICKER_KEY = Pattern.compile("[A-Z0-9]{1,15}");
    private static final Pattern CHAIN_KEY = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    private static final Pattern FOREX_PAIR_KEY = Pattern.compile("[A-Z]{6}");
    private static final Pattern TICKER_PAIR_KEY = Pattern.compile("[A-Z0-9]{1,15}\\|[A-Z0-9]{1,15}");

    public FinanceEntity {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        if (key.isBlank() || !key.equals(key.strip())) {
            throw new IllegalArgumentException("entity key must be non-blank and trimmed: '" + key + "'");
        }
        switch (kind) {
            case TICKER -> requireFormat(key, TICKER_KEY, kind);
            case CHAIN -> requireFormat(key, CHAIN_KEY, kind);
            case FOREX_PAIR -> requireFormat(key, FOREX_PAIR_KEY, kind);
            case TICKER_PAIR -> {
                requireFormat(key, TICKER_PAIR_KEY, kind);
                List<String> members = List.of(key.split("\\|"));
                if (members.get(0).compareTo(members.get(1)) >= 0) {
                    throw new IllegalArgumentException("ticker pair must be two distinct tickers in order: " + key);
                }
            }
            case ADDRESS, SCENARIO -> {
                if (key.chars().anyMatch(Character::isWhitespace)) {
                    throw new IllegalArgumentException(kind.wireName() + " key must not contain whitespace: " + key);
                }
            }
        }
    }

    public static FinanceEntity ticker(String symbol) {
        return new FinanceEntity(EntityKind.TICKER, symbol.toUpperCase(Locale.ROOT));
    }

    public static FinanceEntity chain(String canonicalName) {
        return new FinanceEntity(EntityKind.CHAIN, canonicalName.toLowerCase(Locale.ROOT));
    }

    /** Normalises {@code EUR/USD}, {@code eur-usd} and {@code EURUSD} alike to {@code EURUSD}. */
    public static FinanceEntity forexPair(String base, String quote) {
        return new FinanceEntity(EntityKind.FOREX_PAIR, (base + quote).toUpperCase(Locale.ROOT));
    }

    /** EVM addresses are case-insensitive (the checksum is only a spelling), so the key is lower case. */
    public static FinanceEntity evmAddress(String address) {
        return new FinanceEntity(EntityKind.ADDRESS, address.toLowerCase(Locale.ROOT));
    }

    /** Base58 and bech32 keys keep their spelling: base58 is case-sensitive. */
    public static FinanceEntity address(String address) {
        return new FinanceEntity(EntityKind.ADDRESS, address);
    }

    /** The unordered pair of two distinct tickers, stored sorted so {@code (A,B)} and {@code (B,A)} coincide. */
    public static FinanceEntity tickerPair(FinanceEntity a, FinanceEntity b) {
        if (a.kind != EntityKind.TICKER || b.kind != EntityKind.TICKER) {
            throw new IllegalArgumentException("a ticker pair joins two tickers: " + a + ", " + b);
        }
        if (a.key.equals(b.key)) {
            throw new IllegalArgumentException("a ticker pair needs two distinct tickers: " + a.key);
        }
        String first = a.key.compareTo(b.key) < 0 ? a.key : b.key;
        String second = first.equals(a.key) ? b.key : a.key;
        return new FinanceEntity(EntityKind.TICKER_PAIR, first + PAIR_SEPARATOR + second);
    }

    public static FinanceEntity scenario(String scenarioId) {
        return new FinanceEntity(EntityKind.SCENARIO, scenarioId.strip());
    }

    /** The two tickers of a {@link EntityKind#TICKER_PAIR}; one element (itself) for any other kind. */
    public List<FinanceEntity> members() {
        if (kind != EntityKind.TICKER_PAIR) {
            return List.of(this);
        }
        String[] parts = key.split("\\|");
        return List.of(new FinanceEntity(EntityKind.TICKER, parts[0]), new FinanceEntity(EntityKind.TICKER, parts[1]));
    }

    private static void requireFormat(String key, Pattern format, EntityKind kind) {
        if (!format.matcher(key).matches()) {
            throw new IllegalArgumentException(kind.wireName() + " key not normalised: '" + key + "'");
        }
    }

    @Override
    public String toString() {
        return kind.wireName() + ":" + key;
    }
}
