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

    /**
     * Parses an id from a path segment, naming the field in the error. Only the canonical spelling is an
     * id: {@code +1}, {@code 01} or {@code 1 } would name memory 1 too, and two spellings of one resource
     * defeat caches, logs and access rules keyed on the path (issue 13).
     */
    public static MemoryId parse(String text) {
        return new MemoryId(parseCanonical(text, "id"));
    }

    /** A positive decimal without sign, leading zero, whitespace or anything else; else invalid input on {@code field}. */
    public static long parseCanonical(String text, String field) {
        if (text == null || text.isEmpty() || text.length() > 19 || text.charAt(0) == '0'
                || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidInputException(field, CANONICAL);
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(field, CANONICAL);
        }
    }

    private static final String CANONICAL = "must be a positive integer in canonical form (digits only: no sign, leading zero, space or parameter)";

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
