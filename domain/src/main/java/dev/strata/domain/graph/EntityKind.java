package dev.strata.domain.graph;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a {@link FinanceEntity} is. The wire name is what {@code memory_edges.dst_entity_kind}
 * stores, so renaming one is a data migration.
 */
public enum EntityKind {
    /** A tradable asset symbol, upper case: {@code BTC}, {@code ETH}, {@code NVDA}. */
    TICKER("ticker"),
    /** A blockchain, canonical lower-case name: {@code ethereum}, {@code base}, {@code bsc}. */
    CHAIN("chain"),
    /** An on-chain address: EVM lower-cased, base58 (Solana) and bech32 as written. */
    ADDRESS("address"),
    /** A currency pair without separator, upper case: {@code EURUSD}. */
    FOREX_PAIR("forex_pair"),
    /** Two co-mentioned tickers, the target of {@code co_occurs_with}: {@code BTC|ETH}, sorted. */
    TICKER_PAIR("ticker_pair"),
    /** A scenario id supplied by the system (never read from text). */
    SCENARIO("scenario");

    private final String wireName;

    EntityKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<EntityKind> fromWireName(String name) {
        return Arrays.stream(values()).filter(k -> k.wireName.equals(name)).findFirst();
    }
}
