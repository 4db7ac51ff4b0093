package dev.strata.domain.trading;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One group of a tenant's fills in a window: same symbol, side and direction label, with how many
 * realised any P&L and how many realised more than zero. {@code volumeUsd} sums size times price;
 * {@code lastAt} is the newest fill's time. Grouping by these three and counting the P&L signs
 * inside lets the store aggregate straight off an index, without sorting the window.
 */
public record FillAggregate(String symbol, FillSide side, Optional<String> dir, long fills, long realizingFills,
                            long winningFills, BigDecimal volumeUsd, BigDecimal closedPnl, Instant lastAt) {

    public FillAggregate {
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(dir, "dir");
        if (fills < 1) {
            throw new IllegalArgumentException("a group holds at least one fill");
        }
        if (realizingFills < 0 || realizingFills > fills || winningFills < 0 || winningFills > realizingFills) {
            throw new IllegalArgumentException("0 <= winning <= realizing <= fills");
        }
        Objects.requireNonNull(volumeUsd, "volumeUsd");
        Objects.requireNonNull(closedPnl, "closedPnl");
        Objects.requireNonNull(lastAt, "lastAt");
    }

    /** The group's closing fills ({@link PerpsFill#closing}): all or none by direction, else those that realised P&L. */
    public long closingFills() {
        if (dir.isEmpty()) {
            return realizingFills;
        }
        return PerpsFill.closing(dir, 0) ? fills : 0;
    }

    /** Closing fills that realised more than zero. */
    public long winningClosingFills() {
        return dir.isEmpty() || PerpsFill.closing(dir, 0) ? winningFills : 0;
    }

    public PositionSide position() {
        return PerpsFill.position(side, dir);
    }
}
