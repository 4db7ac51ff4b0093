package dev.strata.domain.fact;

import dev.strata.domain.error.InvalidInputException;

/** Identity of a stored fact row; positive, assigned by the store. */
public record FactId(long value) {

    public FactId {
        if (value <= 0) {
            throw new InvalidInputException("id", "must be a positive integer");
        }
    }

    public static FactId of(long value) {
        return new FactId(value);
    }

    /** Parses an id from a path segment, naming the field in the error. */
    public static FactId parse(String text) {
        return new FactId(dev.strata.domain.memory.MemoryId.parseCanonical(text, "id"));
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
