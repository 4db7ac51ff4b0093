package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;

/** Identity of a stored preference row; positive, assigned by the store. */
public record PreferenceId(long value) {

    public PreferenceId {
        if (value <= 0) {
            throw new InvalidInputException("preference_id", "must be a positive integer");
        }
    }

    public static PreferenceId of(long value) {
        return new PreferenceId(value);
    }

    /** Parses an id from a path segment or request field, naming {@code field} in the error. */
    public static PreferenceId parse(String field, String text) {
        try {
            long value = Long.parseLong(text == null ? "" : text.strip());
            if (value > 0) {
                return new PreferenceId(value);
            }
        } catch (NumberFormatException e) {
            // reported below, naming the field the caller used
        }
        throw new InvalidInputException(field, "must be a positive integer");
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
