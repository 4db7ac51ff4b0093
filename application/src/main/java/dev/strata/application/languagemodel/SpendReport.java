package dev.strata.application.languagemodel;

import dev.strata.domain.languagemodel.DailySpend;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the spend endpoint shows for one tenant and day: whether LLM features are on, which
 * model serves them, the spend per category and in total, the caps and what is left of them.
 */
public record SpendReport(
        boolean enabled,
        String model,
        DailySpend spend,
        OptionalLong dailyTokenCap,
        Optional<BigDecimal> dailyUsdCap) {

    public SpendReport {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(spend, "spend");
        Objects.requireNonNull(dailyTokenCap, "dailyTokenCap");
        Objects.requireNonNull(dailyUsdCap, "dailyUsdCap");
    }

    /** Tokens left today under the cap (never negative); empty when tokens are uncapped. */
    public OptionalLong remainingTokens() {
        return dailyTokenCap.isPresent()
                ? OptionalLong.of(Math.max(0, dailyTokenCap.getAsLong() - spend.total().tokens()))
                : OptionalLong.empty();
    }

    /** Dollars left today under the cap (never negative); empty when dollars are uncapped. */
    public Optional<BigDecimal> remainingUsd() {
        return dailyUsdCap.map(cap -> cap.subtract(spend.total().usd()).max(BigDecimal.ZERO));
    }
}
