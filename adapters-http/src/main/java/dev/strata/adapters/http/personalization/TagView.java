package dev.strata.adapters.http.personalization;

import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.UserTag;

import java.time.Instant;

/**
 * One tag: the dimension under its stored name, the machine value (a string, or for {@code markets}
 * a list), the human label, who set it and when.
 */
public record TagView(String dimension, Object value, String label, String source, Instant updatedAt) {

    public static TagView of(UserTag t) {
        return new TagView(t.dimension().storedName(), value(t.value()), t.value().labels(), t.source().wireName(),
                t.updatedAt());
    }

    static Object value(TagValue v) {
        return v.dimension().multiSelect() ? v.values() : v.first();
    }
}
