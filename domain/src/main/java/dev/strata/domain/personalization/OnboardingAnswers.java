package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The answers of the onboarding flow (spec 04 "Onboarding"): four of them map to user-declared tags,
 * the self-reported investing capital becomes a memory only (never a tag or a capital metric:
 * capital stays objective). Validated whole before anything is written; at least one answer.
 */
public record OnboardingAnswers(Optional<TagValue> financeKnowledge, Optional<TagValue> frequency,
                                Optional<TagValue> risk, Optional<TagValue> markets,
                                Optional<String> investingCapital) {

    public static final int MAX_CAPITAL_CHARS = 200;
    /** The dimensions onboarding declares, in the order it asks them. */
    public static final List<TagDimension> DIMENSIONS = List.of(TagDimension.FINANCE_KNOWLEDGE,
            TagDimension.FREQUENCY, TagDimension.RISK, TagDimension.MARKETS);

    public OnboardingAnswers {
        financeKnowledge = expect("answers.finance_knowledge", financeKnowledge, TagDimension.FINANCE_KNOWLEDGE);
        frequency = expect("answers.frequency", frequency, TagDimension.FREQUENCY);
        risk = expect("answers.risk", risk, TagDimension.RISK);
        markets = expect("answers.markets", markets, TagDimension.MARKETS);
        Objects.requireNonNull(investingCapital, "investingCapital");
        investingCapital = investingCapital.map(c -> ProfileText.oneLine("answers.investing_capital", c,
                MAX_CAPITAL_CHARS));
        if (financeKnowledge.isEmpty() && frequency.isEmpty() && risk.isEmpty() && markets.isEmpty()
                && investingCapital.isEmpty()) {
            throw new InvalidInputException("answers", "must answer at least one of finance_knowledge, frequency,"
                    + " risk, markets, investing_capital");
        }
    }

    /** The tag answers given, in {@link #DIMENSIONS} order. */
    public Map<TagDimension, TagValue> tags() {
        Map<TagDimension, TagValue> out = new LinkedHashMap<>();
        financeKnowledge.ifPresent(v -> out.put(v.dimension(), v));
        frequency.ifPresent(v -> out.put(v.dimension(), v));
        risk.ifPresent(v -> out.put(v.dimension(), v));
        markets.ifPresent(v -> out.put(v.dimension(), v));
        return out;
    }

    private static Optional<TagValue> expect(String field, Optional<TagValue> value, TagDimension dimension) {
        Objects.requireNonNull(value, field);
        if (value.isPresent() && value.get().dimension() != dimension) {
            throw new InvalidInputException(field, "must be a value of " + dimension.slug());
        }
        return value;
    }
}
