package dev.strata.domain.conversation;

import dev.strata.domain.error.InvalidInputException;

import java.util.regex.Pattern;

/**
 * The rule the identifiers a client chooses obey (conversation and message ids): 1-128
 * characters, letters, digits and {@code . _ : @ -}, starting with a letter or digit. UUIDs, ULIDs
 * and provider ids ({@code msg_01H...}) fit; slashes, blanks and control characters never reach a
 * path, a log line or a prompt.
 */
final class ClientId {

    static final Pattern PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}");

    private ClientId() {
    }

    static String check(String field, String value) {
        if (value == null) {
            throw new InvalidInputException(field, "is required");
        }
        if (!PATTERN.matcher(value).matches()) {
            throw new InvalidInputException(field, "must be 1-128 characters: letters, digits, '.', '_', ':', '@' "
                    + "or '-', starting with a letter or digit");
        }
        return value;
    }
}
