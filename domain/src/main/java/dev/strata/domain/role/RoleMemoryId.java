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
        return of(dev.strata.domain.memory.MemoryId.parseCanonical(text, "id"));
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
