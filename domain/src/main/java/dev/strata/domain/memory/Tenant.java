package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.util.regex.Pattern;

/**
 * The isolation boundary: every row of user data belongs to exactly one tenant, and every store
 * method takes one. Validated as a slug at the boundary so a tenant name can never smuggle SQL,
 * paths or header tricks into the system.
 */
public record Tenant(String value) {

    /** Lower-case letters, digits, '-' and '_', starting with a letter or digit; at most 64 characters. */
    public static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

    public static final Tenant DEFAULT = new Tenant("default");

    public Tenant {
        if (value == null || !SLUG.matcher(value).matches()) {
            throw new InvalidInputException("tenant",
                    "must be a slug of 1-64 characters: lower-case letters, digits, '-' or '_'");
        }
    }

    public static Tenant of(String value) {
        return new Tenant(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
