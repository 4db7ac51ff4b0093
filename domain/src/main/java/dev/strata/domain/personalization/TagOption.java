package dev.strata.domain.personalization;

import java.util.Objects;

/**
 * One allowed value of a tag dimension: the machine value stored in {@code user_tags.value} (a slug
 * or {@code level_N}) and the human label the UI and the prompt render.
 */
public record TagOption(String value, String label) {

    public TagOption {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(label, "label");
    }
}
