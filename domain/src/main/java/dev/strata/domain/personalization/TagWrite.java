package dev.strata.domain.personalization;

import java.util.Objects;
import java.util.Optional;

/**
 * What a tag write did: the row as it stands afterwards, and whether this write changed it.
 *
 * @param tag     the row after the write (the kept row when nothing was written)
 * @param written true when the store now holds the written value and source
 * @param kept    why the write left the row alone ({@link #KEPT_DECLARED}, {@link #UNCHANGED}), when it did
 */
public record TagWrite(UserTag tag, boolean written, Optional<String> kept) {

    /** An inferred value never replaces a declared one. */
    public static final String KEPT_DECLARED = "declared by the user; an inferred value never replaces it";
    /** The row already held everything the write asked for. */
    public static final String UNCHANGED = "already holds this value";

    public TagWrite {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(kept, "kept");
        if (written == kept.isPresent()) {
            throw new IllegalArgumentException("a write either changed the row or says why it kept it");
        }
    }

    public static TagWrite written(UserTag tag) {
        return new TagWrite(tag, true, Optional.empty());
    }

    public static TagWrite kept(UserTag tag, String why) {
        return new TagWrite(tag, false, Optional.of(why));
    }
}
