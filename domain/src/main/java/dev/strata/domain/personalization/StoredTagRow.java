package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Objects;

/**
 * A {@code user_tags} row exactly as stored, whatever its dimension or value: the v1 migration reads
 * these, since a v1 row (dimension {@code Risk Profile}, say) is not a {@link UserTag}.
 */
public record StoredTagRow(String userId, String dimension, String value, String source, Instant updatedAt) {

    public StoredTagRow {
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(dimension, "dimension");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** The stored form of a typed tag. */
    public static StoredTagRow of(UserTag tag) {
        return new StoredTagRow(tag.user().value(), tag.dimension().storedName(), TagSchema.serializeTagValue(tag.value()),
                tag.source().wireName(), tag.updatedAt());
    }
}
