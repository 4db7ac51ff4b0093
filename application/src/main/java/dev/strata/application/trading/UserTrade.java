package dev.strata.application.trading;

import dev.strata.domain.trading.Decimals;
import dev.strata.domain.trading.StoredPerpsFill;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One of the user's off-agent fills as {@code search_user_trades} shows it: side, open/close
 * direction, dollar size, price and realised P&L (spec 04 "Manual trading profile").
 */
public record UserTrade(String symbol, String side, String direction, Optional<String> dir, BigDecimal sizeUsd,
                        BigDecimal size, BigDecimal price, BigDecimal closedPnl, BigDecimal fee, Instant at,
                        String subAccountId) {

    public UserTrade {
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(sizeUsd, "sizeUsd");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(subAccountId, "subAccountId");
    }

    public static UserTrade of(StoredPerpsFill stored) {
        var f = stored.fill();
        return new UserTrade(f.symbol(), f.side().wireName(), f.direction(), f.dir(), Decimals.usd(f.notionalUsd()),
                f.size(), f.price(), f.closedPnl(), f.fee(), f.at(), f.subAccount().value());
    }
}
