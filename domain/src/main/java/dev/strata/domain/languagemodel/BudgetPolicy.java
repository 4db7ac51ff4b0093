package dev.strata.domain.languagemodel;

import dev.strata.domain.error.BudgetExceededException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The daily spend cap every tenant gets, in tokens, USD or both (absent means uncapped). A call
 * is refused before it is made when what the tenant spent today plus the call's estimate would
 * pass a cap, so one last large call cannot overshoot it.
 */
public record BudgetPolicy(OptionalLong dailyTokenCap, Optional<BigDecimal> dailyUsdCap) {

    public BudgetPolicy {
        Objects.requireNonNull(dailyTokenCap, "dailyTokenCap");
        Objects.requireNonNull(dailyUsdCap, "dailyUsdCap");
        if (dailyTokenCap.isPresent() && dailyTokenCap.getAsLong() < 0) {
            throw new IllegalArgumentException("daily token cap must not be negative");
        }
        if (dailyUsdCap.isPresent() && dailyUsdCap.get().signum() < 0) {
            throw new IllegalArgumentException("daily USD cap must not be negative");
        }
    }

    public static BudgetPolicy unlimited() {
        return new BudgetPolicy(OptionalLong.empty(), Optional.empty());
    }

    /** Why a call estimated at {@code estimate} must not run after {@code spentToday}; empty when it may. */
    public Optional<String> refusal(Spend spentToday, Spend estimate) {
        if (dailyTokenCap.isPresent()) {
            long cap = dailyTokenCap.getAsLong();
            long projected = spentToday.tokens() + estimate.tokens();
            if (projected > cap) {
                return Optional.of("daily token cap " + cap + " reached: spent " + spentToday.tokens()
                        + ", this call may use up to " + estimate.tokens());
            }
        }
        if (dailyUsdCap.isPresent()) {
            BigDecimal cap = dailyUsdCap.get();
            BigDecimal projected = spentToday.usd().add(estimate.usd());
            if (projected.compareTo(cap) > 0) {
                return Optional.of("daily USD cap " + cap.toPlainString() + " reached: spent "
                        + spentToday.usd().toPlainString() + ", this call may cost up to "
                        + estimate.usd().toPlainString());
            }
        }
        return Optional.empty();
    }

    /** Throws {@link BudgetExceededException} when {@link #refusal} objects. */
    public void check(String tenant, Spend spentToday, Spend estimate) {
        refusal(spentToday, estimate).ifPresent(reason -> {
            throw new BudgetExceededException("tenant " + tenant + ": " + reason);
        });
    }

    /** A generous usage estimate for {@code request}: the prompt at ~4 characters per token plus all of {@code maxTokens}. */
    public static TokenUsage estimate(ChatRequest request) {
        long inputTokens = (request.promptCharacters() + 3) / 4;
        return new TokenUsage(inputTokens, request.maxTokens());
    }
}
