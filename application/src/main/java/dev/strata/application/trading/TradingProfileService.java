package dev.strata.application.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.trading.TradingProfile;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * spec 04 "Manual trading profile" ({@code TradingProfileReader}): the 30-day picture of the user's
 * off-agent perps activity, and the {@code search_user_trades} tool's recent fills for one asset.
 * Both are agent-internal and read only the mirror.
 */
public final class TradingProfileService {

    private final PerpsFillStore fills;
    private final Clock clock;
    private final TradingLimits settings;

    public TradingProfileService(PerpsFillStore fills, Clock clock, TradingLimits settings) {
        this.fills = Objects.requireNonNull(fills, "fills");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public TradingProfile profile(Tenant tenant) {
        Instant now = clock.instant();
        Instant since = now.minus(settings.profileWindow());
        return TradingProfile.of(since, now, fills.aggregate(tenant, since), settings.topSymbols());
    }

    /** The newest fills of {@code asset} (any case), newest first. */
    public List<StoredPerpsFill> searchUserTrades(Tenant tenant, String asset, Optional<Integer> limit) {
        String symbol;
        try {
            symbol = PerpsFill.symbol(asset);
        } catch (InvalidInputException e) {
            throw new InvalidInputException("asset", e.reason());
        }
        int n = limit.orElse(settings.defaultTradesLimit());
        if (n < 1 || n > settings.maxTradesLimit()) {
            throw new InvalidInputException("limit", "must be between 1 and " + settings.maxTradesLimit());
        }
        return fills.recent(tenant, symbol, n);
    }
}
