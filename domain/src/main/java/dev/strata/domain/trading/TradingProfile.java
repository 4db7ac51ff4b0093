package dev.strata.domain.trading;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * spec 04 "Manual trading profile": the user's off-agent perps activity over a window (30 days by
 * default) — trade count, top symbols by count and by volume, the long/short split, realised P&L,
 * the win rate over closing fills (a win realised more than zero), average trade size in dollars
 * and when the user last traded. The mirror carries no leverage and no manual-vs-autopilot
 * attribution, so neither is here. Dollar figures have two decimals, the win rate four.
 */
public record TradingProfile(Instant since, Instant until, long trades, List<SymbolActivity> topByCount,
                             List<SymbolActivity> topByVolume, long longFills, long shortFills, BigDecimal volumeUsd,
                             BigDecimal realisedPnl, long closingFills, long winningFills, Optional<BigDecimal> winRate,
                             Optional<BigDecimal> averageSizeUsd, Optional<Instant> lastTradedAt) {

    public TradingProfile {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        topByCount = List.copyOf(topByCount);
        topByVolume = List.copyOf(topByVolume);
        Objects.requireNonNull(volumeUsd, "volumeUsd");
        Objects.requireNonNull(realisedPnl, "realisedPnl");
        Objects.requireNonNull(winRate, "winRate");
        Objects.requireNonNull(averageSizeUsd, "averageSizeUsd");
        Objects.requireNonNull(lastTradedAt, "lastTradedAt");
    }

    /** Folds the window's fill groups; {@code top} symbols per ranking (ties: alphabetical). */
    public static TradingProfile of(Instant since, Instant until, List<FillAggregate> groups, int top) {
        if (top < 1) {
            throw new IllegalArgumentException("top must be positive");
        }
        long trades = 0;
        long longs = 0;
        long shorts = 0;
        long closing = 0;
        long wins = 0;
        BigDecimal volume = BigDecimal.ZERO;
        BigDecimal pnl = BigDecimal.ZERO;
        Instant last = null;
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, BigDecimal> volumes = new LinkedHashMap<>();
        for (FillAggregate g : groups) {
            trades += g.fills();
            if (g.position() == PositionSide.LONG) {
                longs += g.fills();
            } else {
                shorts += g.fills();
            }
            closing += g.closingFills();
            wins += g.winningClosingFills();
            volume = volume.add(g.volumeUsd());
            pnl = pnl.add(g.closedPnl());
            last = last == null || g.lastAt().isAfter(last) ? g.lastAt() : last;
            counts.computeIfAbsent(g.symbol(), s -> new long[1])[0] += g.fills();
            volumes.merge(g.symbol(), g.volumeUsd(), BigDecimal::add);
        }
        List<SymbolActivity> symbols = counts.entrySet().stream()
                .map(e -> new SymbolActivity(e.getKey(), e.getValue()[0], Decimals.usd(volumes.get(e.getKey()))))
                .toList();
        Comparator<SymbolActivity> bySymbol = Comparator.comparing(SymbolActivity::symbol);
        List<SymbolActivity> byCount = symbols.stream()
                .sorted(Comparator.comparingLong(SymbolActivity::trades).reversed().thenComparing(bySymbol))
                .limit(top).toList();
        List<SymbolActivity> byVolume = symbols.stream()
                .sorted(Comparator.comparing(SymbolActivity::volumeUsd).reversed().thenComparing(bySymbol))
                .limit(top).toList();
        Optional<BigDecimal> winRate = closing == 0 ? Optional.empty()
                : Optional.of(BigDecimal.valueOf(wins).divide(BigDecimal.valueOf(closing), 4, RoundingMode.HALF_EVEN));
        Optional<BigDecimal> average = trades == 0 ? Optional.empty()
                : Optional.of(volume.divide(BigDecimal.valueOf(trades), 2, RoundingMode.HALF_EVEN));
        return new TradingProfile(since, until, trades, byCount, byVolume, longs, shorts, Decimals.usd(volume),
                Decimals.usd(pnl), closing, wins, winRate, average, Optional.ofNullable(last));
    }
}
