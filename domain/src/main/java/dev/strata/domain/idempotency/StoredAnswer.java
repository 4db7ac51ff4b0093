package dev.strata.domain.idempotency;

import java.util.Objects;
import java.util.Optional;

/**
 * The first answer to a keyed write, as the front end sent it, so that a retry gets the same bytes.
 * Only what a client reads from a write's answer is kept: status, media type, {@code Location} and
 * the body (as sent: already scrubbed of secrets).
 */
public record StoredAnswer(int status, String contentType, Optional<String> location, String body) {

    public StoredAnswer {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be an HTTP status, got " + status);
        }
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(body, "body");
    }

    /** A 2xx answer: something was written (or was already in the state asked for). */
    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }
}
