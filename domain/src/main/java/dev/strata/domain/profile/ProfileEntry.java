package dev.strata.domain.profile;

import dev.strata.domain.error.InvalidInputException;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A stable fact the agent looks up often (risk tolerance, language, preferred chains), one value
 * per key. Keys are slugs so they render predictably in the snapshot; values are one line.
 */
public record ProfileEntry(String key, String value, Instant updatedAt) {

    public static final Pattern KEY = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,63}");
    public static final int MAX_VALUE_CHARS = 2_000;

    public ProfileEntry {
        key = checkKey(key);
        value = checkValue(value);
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public static String checkKey(String key) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw new InvalidInputException("key",
                    "must be 1-64 characters: lower-case letters, digits, '.', '-' or '_'");
        }
        return key;
    }

    public static String checkValue(String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidInputException("value", "must not be blank");
        }
        String v = value.strip();
        if (v.length() > MAX_VALUE_CHARS) {
            throw new InvalidInputException("value", "must be at most " + MAX_VALUE_CHARS + " characters");
        }
        if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0 || v.indexOf('\0') >= 0) {
            throw new InvalidInputException("value", "must be a single line");
        }
        return v;
    }
}
