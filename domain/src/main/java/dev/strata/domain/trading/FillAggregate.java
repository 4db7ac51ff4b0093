package dev.strata.domain.trading;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One group of a tenant's fills in a window: same symbol, side, direction label and sign of the
 * realised P&L. {@code volumeUsd} sums size times price; {@code lastAt} is the newest fill's time.
 */
public record FillAggregate(String symbol, FillSide side, Optional<String> dir, int closedPnlSign, long fills,
                            BigDecimal volumeUsd, BigDecimal closedPnl, Instant lastAt) {

    public FillAggregate {
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(dir, "dir");
        if (closedPnlSign < -1 || closedPnlSign > 1) {
            throw new IllegalArgumentException("closedPnlSign must be -1, 0 or 1");
        }
        if (fills < 1) {
            throw new IllegalArgumentException("a group holds at least one fill");
        }
        Objects.requireNonNull(volumeUsd, "volumeUsd");
        Objects.requireNonNull(closedPnl, "closedPnl");
        Objects.requireNonNull(lastAt, "lastAt");
    }

    public boolean closing() {
        return PerpsFill.closing(dir, closedPnlSign);
    }

    public PositionSide position() {
        return PerpsFill.position(side, dir);
    }
}
