package dev.strata.domain.personalization;

import java.util.Objects;
import java.util.Optional;

/**
 * The trading summary's three source cursors (spec 04 "Three-source trading summary"): the last
 * in-session trade, off-agent perps fill and off-agent spot activity the stored summary has seen.
 * They move together with the summary they describe, never before it is stored.
 */
public record TradingCursors(Optional<String> lastTradeIdSeen, Optional<String> lastPerpsFillIdSeen,
                             Optional<String> lastExternalSpotIdSeen) {

    public static final TradingCursors NONE = new TradingCursors(Optional.empty(), Optional.empty(), Optional.empty());

    public TradingCursors {
        lastTradeIdSeen = check("trading_summary_last_trade_id_seen", lastTradeIdSeen);
        lastPerpsFillIdSeen = check("trading_summary_last_perps_fill_id_seen", lastPerpsFillIdSeen);
        lastExternalSpotIdSeen = check("trading_summary_last_external_spot_id_seen", lastExternalSpotIdSeen);
    }

    private static Optional<String> check(String field, Optional<String> cursor) {
        Objects.requireNonNull(cursor, field);
        return cursor.map(c -> ProfileText.oneLine(field, c, ProfileText.MAX_CURSOR_CHARS));
    }
}
