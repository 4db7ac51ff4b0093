package dev.strata.domain.languagemodel;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Objects;

/** What a model costs, in USD per million input and output tokens (the unit providers publish). */
public record ModelPrice(BigDecimal usdPerMillionInputTokens, BigDecimal usdPerMillionOutputTokens) {

    public static final ModelPrice FREE = new ModelPrice(BigDecimal.ZERO, BigDecimal.ZERO);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    public ModelPrice {
        Objects.requireNonNull(usdPerMillionInputTokens, "usdPerMillionInputTokens");
        Objects.requireNonNull(usdPerMillionOutputTokens, "usdPerMillionOutputTokens");
        if (usdPerMillionInputTokens.signum() < 0 || usdPerMillionOutputTokens.signum() < 0) {
            throw new IllegalArgumentException("prices must not be negative");
        }
    }

    public BigDecimal costOf(TokenUsage usage) {
        BigDecimal input = usdPerMillionInputTokens.multiply(BigDecimal.valueOf(usage.inputTokens()));
        BigDecimal output = usdPerMillionOutputTokens.multiply(BigDecimal.valueOf(usage.outputTokens()));
        return input.add(output).divide(MILLION, MathContext.DECIMAL64).stripTrailingZeros();
    }
}
