package dev.strata.domain.personalization;

import java.math.BigDecimal;

/**
 * What the portfolio sources report for one user: the cross-chain spot holdings and the aggregated
 * perp sub-account equity, in USD.
 */
public record PortfolioReading(BigDecimal spotHoldingsUsd, BigDecimal perpValueUsd) {

    public PortfolioReading {
        spotHoldingsUsd = UsdAmount.nonNegative("spot_holdings_usd", spotHoldingsUsd);
        perpValueUsd = UsdAmount.nonNegative("perp_value_usd", perpValueUsd);
    }

    /** {@code capital_total_usd = spot_holdings_usd + perp_value_usd}. */
    public BigDecimal totalUsd() {
        return spotHoldingsUsd.add(perpValueUsd);
    }
}
