package dev.strata.domain.personalization;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/** One computed capital figure: the two parts, their total, its tier, and when it was computed. */
public record CapitalValue(BigDecimal spotHoldingsUsd, BigDecimal perpValueUsd, BigDecimal totalUsd,
                           CapitalTier tier, Instant computedAt) {

    public CapitalValue {
        spotHoldingsUsd = UsdAmount.nonNegative("spot_holdings_usd", spotHoldingsUsd);
        perpValueUsd = UsdAmount.nonNegative("perp_value_usd", perpValueUsd);
        Objects.requireNonNull(totalUsd, "totalUsd");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(computedAt, "computedAt");
        if (totalUsd.compareTo(spotHoldingsUsd.add(perpValueUsd)) != 0) {
            throw new IllegalArgumentException("the total is spot plus perp");
        }
        if (tier != CapitalTier.of(totalUsd)) {
            throw new IllegalArgumentException("the tier is the total's");
        }
    }

    public static CapitalValue of(PortfolioReading reading, Instant computedAt) {
        BigDecimal total = reading.totalUsd();
        return new CapitalValue(reading.spotHoldingsUsd(), reading.perpValueUsd(), total, CapitalTier.of(total),
                computedAt);
    }
}
