package dev.strata.domain.session;

import dev.strata.domain.error.InvalidInputException;

import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A session's identifier: a random UUID in its canonical lower-case form. Random rather than
 * sequential, so an id reveals nothing about how many sessions exist and cannot be guessed.
 */
public record SessionId(String value) {

    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    public SessionId {
        Objects.requireNonNull(value, "value");
        if (!CANONICAL.matcher(value).matches()) {
            throw new InvalidInputException("id", "must be a session id (a UUID such as 3f2b8c1e-0a4d-4c6e-9b7a-2d1e5f6a7b8c)");
        }
    }

    public static SessionId random() {
        return new SessionId(UUID.randomUUID().toString());
    }

    /** Reads an id as a client sends it; upper-case hex digits are accepted. */
    public static SessionId parse(String text) {
        if (text == null) {
            throw new InvalidInputException("id", "is required");
        }
        return new SessionId(text.strip().toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return value;
    }
}
