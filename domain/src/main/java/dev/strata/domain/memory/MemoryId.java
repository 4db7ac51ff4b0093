package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

/** Identity of a stored memory row; positive, assigned by the store. */
public record MemoryId(long value) {

    public MemoryId {
        if (value <= 0) {
            throw new InvalidInputException("id", "must be a positive integer");
        }
    }

    public static MemoryId of(long value) {
        return new MemoryId(value);
    }

    /** Parses an id from a path segment, naming the field in the error. */
    public static MemoryId parse(String text) {
        try {
            return new MemoryId(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new InvalidInputException("id", "must be a positive integer");
        }
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
