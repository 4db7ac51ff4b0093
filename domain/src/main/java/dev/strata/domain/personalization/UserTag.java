package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Objects;

/**
 * One {@code user_tags} row: a user's value for one dimension, who set it, and when.
 */
public record UserTag(UserId user, TagValue value, TagSource source, Instant updatedAt) {

    public UserTag {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    public TagDimension dimension() {
        return value.dimension();
    }

    public boolean declared() {
        return source == TagSource.USER;
    }

    /** Same value and source (the timestamp aside): what a compare-and-set compares. */
    public boolean sameAs(UserTag other) {
        return other != null && value.equals(other.value) && source == other.source;
    }
}
