package dev.strata.domain.prompt;

import java.util.Objects;

/**
 * One derived user-profile value (a {@code user_profile} row, an inferred tag), as the prompt
 * assembler receives it. Order matters: entries render in the order given.
 */
public record ProfileEntry(String key, String value) {

    public ProfileEntry {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (key.isBlank()) {
            throw new IllegalArgumentException("key must not be blank");
        }
    }
}
