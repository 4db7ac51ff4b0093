package dev.strata.application.trading;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.TradeHistorySource;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** No history source configured: the sync does nothing and says so; pushed fills still work. */
public final class NoTradeHistorySource implements TradeHistorySource {

    @Override
    public boolean isEnabled() {
        return false;
    }

    @Override
    public List<SubAccountId> subAccounts(Tenant tenant) {
        throw unavailable();
    }

    @Override
    public Page<FillInput> perpsFills(Tenant tenant, SubAccountId subAccount, Optional<Instant> since,
                                      Optional<String> cursor) {
        throw unavailable();
    }

    @Override
    public Page<SpotActivityInput> spotActivities(Tenant tenant, Optional<Instant> since, Optional<String> cursor) {
        throw unavailable();
    }

    private static UnavailableException unavailable() {
        return new UnavailableException("no trade history source is configured");
    }
}
