package dev.strata.domain.idempotency;

import dev.strata.domain.error.InvalidInputException;

/**
 * The client's name for one write, sent as the {@code Idempotency-Key} header: 1 to 255 visible
 * ASCII characters (a UUID is the usual choice). Scoped per tenant: two tenants may use the same key.
 */
public record IdempotencyKey(String value) {

    public static final String FIELD = "Idempotency-Key";
    public static final int MAX_LENGTH = 255;

    public IdempotencyKey {
        if (value == null || value.isEmpty()) {
            throw new InvalidInputException(FIELD, "must not be empty");
        }
        if (value.length() > MAX_LENGTH) {
            throw new InvalidInputException(FIELD, "must be at most " + MAX_LENGTH + " characters");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new InvalidInputException(FIELD, "must be visible ASCII characters (no spaces, no control "
                        + "characters), such as a UUID");
            }
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
