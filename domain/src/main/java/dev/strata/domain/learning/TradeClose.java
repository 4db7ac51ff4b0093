package dev.strata.domain.learning;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/** How a trade closed: exit price, realised P&L and when. The outcome of its decisions follows from the P&L. */
public record TradeClose(BigDecimal exitPrice, BigDecimal pnl, Instant closedAt) {

    public TradeClose {
        exitPrice = Money.positive("exit_price", exitPrice);
        pnl = Money.any("pnl", pnl);
        // Stores keep milliseconds; a replayed close must compare equal to the stored one.
        closedAt = Objects.requireNonNull(closedAt, "closedAt").truncatedTo(ChronoUnit.MILLIS);
    }

    /**
     * A close whose P&L is the caller's (fees included) when given, otherwise the price move times the
     * size, signed by side.
     */
    public static TradeClose of(TradeSide side, BigDecimal size, BigDecimal entryPrice, BigDecimal exitPrice,
                                Optional<BigDecimal> pnl, Instant closedAt) {
        BigDecimal exit = Money.positive("exit_price", exitPrice);
        BigDecimal realised = pnl.orElseGet(() -> {
            BigDecimal move = exit.subtract(entryPrice);
            return (side == TradeSide.LONG ? move : move.negate()).multiply(size);
        });
        return new TradeClose(exit, realised, closedAt);
    }

    public CaseOutcome outcome() {
        return CaseOutcome.ofPnl(pnl);
    }

    /** The price move in percent of the entry, signed by side, to one decimal (half up). */
    static BigDecimal returnPercent(TradeSide side, BigDecimal entryPrice, BigDecimal exitPrice) {
        BigDecimal move = exitPrice.subtract(entryPrice);
        if (side == TradeSide.SHORT) {
            move = move.negate();
        }
        return move.multiply(BigDecimal.valueOf(100)).divide(entryPrice, 1, RoundingMode.HALF_UP);
    }
}
