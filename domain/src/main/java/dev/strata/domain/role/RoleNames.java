package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.util.regex.Pattern;

/**
 * The spelling shared by skill and role ids: dot-separated lower-case segments such as
 * {@code analysis.valuation} or {@code analysis.valuation.target_price}. Ids travel in URL paths,
 * file names of exports and prompts, so they are kept to a small, printable alphabet.
 */
final class RoleNames {

    static final int MAX_CHARS = 128;
    static final Pattern SEGMENT = Pattern.compile("[a-z][a-z0-9_-]{0,47}");
    static final Pattern DOTTED = Pattern.compile("[a-z][a-z0-9_-]{0,47}(\\.[a-z][a-z0-9_-]{0,47}){0,7}");

    private RoleNames() {
    }

    static String dotted(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidInputException(field, "must not be blank");
        }
        if (value.length() > MAX_CHARS || !DOTTED.matcher(value).matches()) {
            throw new InvalidInputException(field, "must be 1-8 dot-separated segments of lower-case letters, digits, "
                    + "'_' or '-', each starting with a letter, at most " + MAX_CHARS + " characters in all");
        }
        return value;
    }
}
