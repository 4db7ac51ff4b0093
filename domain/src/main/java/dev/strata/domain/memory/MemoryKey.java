package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.regex.Pattern;

/**
 * The stable name of a keyed memory (spec 02), such as {@code auth-approach} or
 * {@code learn:risk-management:3f9a1c2b7d4e}. At most one active entry per (tenant, key): a new
 * entry for the key supersedes the old one, with a reason.
 */
public record MemoryKey(String value) {

    public static final Pattern PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}");

    public MemoryKey {
        if (value == null || !PATTERN.matcher(value).matches()) {
            throw new InvalidInputException("key", "must be 1-128 characters: letters, digits, '_', '.', ':', '/' "
                    + "or '-', starting with a letter or digit");
        }
    }

    public static MemoryKey of(String value) {
        return new MemoryKey(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
