package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.regex.Pattern;

/** The upstream name of a fully-managed strategy, as the strategy service lists it. */
public record StrategyId(String value) {

    public static final Pattern PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}");

    public StrategyId {
        if (value == null || !PATTERN.matcher(value).matches()) {
            throw new InvalidInputException("strategy_id", "must be 1-128 characters: letters, digits, '_', '.', ':',"
                    + " '/' or '-', starting with a letter or digit");
        }
    }

    public static StrategyId of(String value) {
        return new StrategyId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
