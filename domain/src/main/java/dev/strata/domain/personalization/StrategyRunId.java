package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

/** The id the store gives a strategy run. */
public record StrategyRunId(long value) {

    public StrategyRunId {
        if (value < 1) {
            throw new InvalidInputException("run_id", "must be a positive integer");
        }
    }

    public static StrategyRunId parse(String text) {
        try {
            return new StrategyRunId(Long.parseLong(text));
        } catch (NumberFormatException | NullPointerException e) {
            throw new InvalidInputException("run_id", "must be a positive integer");
        }
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
