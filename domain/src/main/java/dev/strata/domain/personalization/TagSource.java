package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;

import java.util.Locale;

/**
 * Who set a tag (spec 04: {@code user_tags.source}). A declared value beats an inferred one: the
 * prompt renders declared tags first, and an inferred write never replaces a declared row.
 */
public enum TagSource {
    /** Declared by the user (onboarding, the API). */
    USER,
    /** Inferred from behaviour (the rebuilder, the markets updater). */
    INFERRED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TagSource parse(String raw) {
        if (raw != null) {
            for (TagSource s : values()) {
                if (s.wireName().equals(raw)) {
                    return s;
                }
            }
        }
        throw new InvalidInputException("source", "must be one of user, inferred");
    }
}
