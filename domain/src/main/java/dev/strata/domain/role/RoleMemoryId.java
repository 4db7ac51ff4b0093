package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

/** The id of one role-memory entry ({@code role_memory.id}). */
public record RoleMemoryId(long value) {

    public RoleMemoryId {
        if (value < 1) {
            throw new InvalidInputException("id", "must be a positive integer");
        }
    }

    public static RoleMemoryId of(long value) {
        return new RoleMemoryId(value);
    }

    /** Parses a path segment; anything but a positive integer is invalid input. */
    public static RoleMemoryId parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidInputException("id", "must be a positive integer");
        }
        return of(Long.parseLong(text));
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
