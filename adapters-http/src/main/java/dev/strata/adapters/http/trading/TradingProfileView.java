package dev.strata.adapters.http.trading;

import dev.strata.domain.trading.SymbolActivity;
import dev.strata.domain.trading.TradingProfile;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The 30-day trading profile of the user's off-agent perps activity. */
record TradingProfileView(Instant since, Instant until, long trades, List<SymbolView> topByCount,
                          List<SymbolView> topByVolume, long longFills, long shortFills, BigDecimal volumeUsd,
                          BigDecimal realisedPnl, long closingFills, long winningFills, Optional<BigDecimal> winRate,
                          Optional<BigDecimal> averageSizeUsd, Optional<Instant> lastTradedAt) {

    record SymbolView(String symbol, long trades, BigDecimal volumeUsd) {
        static SymbolView of(SymbolActivity s) {
            return new SymbolView(s.symbol(), s.trades(), s.volumeUsd());
        }
    }

    static TradingProfileView of(TradingProfile p) {
        return new TradingProfileView(p.since(), p.until(), p.trades(),
                p.topByCount().stream().map(SymbolView::of).toList(), p.topByVolume().stream().map(SymbolView::of).toList(),
                p.longFills(), p.shortFills(), p.volumeUsd(), p.realisedPnl(), p.closingFills(), p.winningFills(),
                p.winRate(), p.averageSizeUsd(), p.lastTradedAt());
    }
}
