package dev.strata.domain.trading;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class TradingProfileTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Instant SINCE = NOW.minus(Duration.ofDays(30));

    /** {@code sign} is the P&L sign every fill of the group shares. */
    private static FillAggregate group(String symbol, FillSide side, String dir, int sign, long fills, String volume,
                                       String pnl, Instant last) {
        return new FillAggregate(symbol, side, Optional.ofNullable(dir), fills, sign == 0 ? 0 : fills,
                sign > 0 ? fills : 0, new BigDecimal(volume), new BigDecimal(pnl), last);
    }

    @Test
    void folds_counts_split_pnl_win_rate_average_and_last_trade() {
        TradingProfile p = TradingProfile.of(SINCE, NOW, List.of(
                group("BTC", FillSide.BUY, "Open Long", 0, 6, "60000", "0", NOW.minusSeconds(100)),
                group("BTC", FillSide.SELL, "Close Long", 1, 3, "31000.004", "900.5", NOW.minusSeconds(50)),
                group("BTC", FillSide.SELL, "Close Long", -1, 1, "9000", "-300.25", NOW.minusSeconds(70)),
                group("ETH", FillSide.SELL, "Open Short", 0, 2, "6000", "0", NOW.minusSeconds(900)),
                group("SOL", FillSide.SELL, null, -1, 1, "150000", "-10", NOW.minusSeconds(10))), 2);

        assertThat(p.trades()).isEqualTo(13);
        assertThat(p.longFills()).isEqualTo(10);
        assertThat(p.shortFills()).isEqualTo(3);
        assertThat(p.closingFills()).isEqualTo(5);
        assertThat(p.winningFills()).isEqualTo(3);
        assertThat(p.winRate()).contains(new BigDecimal("0.6000"));
        assertThat(p.realisedPnl()).isEqualTo(new BigDecimal("590.25"));
        assertThat(p.volumeUsd()).isEqualTo(new BigDecimal("256000.00"));
        assertThat(p.averageSizeUsd()).contains(new BigDecimal("19692.31"));
        assertThat(p.lastTradedAt()).contains(NOW.minusSeconds(10));
        assertThat(p.topByCount()).extracting(SymbolActivity::symbol).containsExactly("BTC", "ETH");
        assertThat(p.topByCount().getFirst().trades()).isEqualTo(10);
        assertThat(p.topByVolume()).extracting(SymbolActivity::symbol).containsExactly("SOL", "BTC");
        assertThat(p.topByVolume().get(1).volumeUsd()).isEqualTo(new BigDecimal("100000.00"));
        assertThat(p.topByVolume().getFirst().volumeUsd()).isEqualTo(new BigDecimal("150000.00"));
    }

    @Test
    void no_fills_give_zeros_and_no_rates() {
        TradingProfile p = TradingProfile.of(SINCE, NOW, List.of(), 5);

        assertThat(p.trades()).isZero();
        assertThat(p.winRate()).isEmpty();
        assertThat(p.averageSizeUsd()).isEmpty();
        assertThat(p.lastTradedAt()).isEmpty();
        assertThat(p.topByCount()).isEmpty();
        assertThat(p.realisedPnl()).isEqualTo(new BigDecimal("0.00"));
    }

    @Test
    void ties_rank_alphabetically() {
        TradingProfile p = TradingProfile.of(SINCE, NOW, List.of(
                group("ETH", FillSide.BUY, null, 0, 1, "10", "0", NOW),
                group("BTC", FillSide.BUY, null, 0, 1, "10", "0", NOW)), 5);

        assertThat(p.topByCount()).extracting(SymbolActivity::symbol).containsExactly("BTC", "ETH");
        assertThat(p.topByVolume()).extracting(SymbolActivity::symbol).containsExactly("BTC", "ETH");
    }
}
