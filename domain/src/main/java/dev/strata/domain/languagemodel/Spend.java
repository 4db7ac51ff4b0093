package dev.strata.domain.languagemodel;

import java.math.BigDecimal;
import java.util.Objects;

/** Tokens, dollars and number of calls charged to one tenant, day and category (or a sum of such). */
public record Spend(long inputTokens, long outputTokens, BigDecimal usd, long calls) {

    public static final Spend NONE = new Spend(0, 0, BigDecimal.ZERO, 0);

    public Spend {
        Objects.requireNonNull(usd, "usd");
        if (inputTokens < 0 || outputTokens < 0 || calls < 0 || usd.signum() < 0) {
            throw new IllegalArgumentException("spend must not be negative");
        }
    }

    /** One call that consumed {@code usage} and cost {@code usd}. */
    public static Spend ofCall(TokenUsage usage, BigDecimal usd) {
        return new Spend(usage.inputTokens(), usage.outputTokens(), usd, 1);
    }

    public long tokens() {
        return inputTokens + outputTokens;
    }

    public Spend plus(Spend other) {
        return new Spend(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                usd.add(other.usd), calls + other.calls);
    }
}
