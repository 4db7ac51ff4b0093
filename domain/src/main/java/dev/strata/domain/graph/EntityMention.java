package dev.strata.domain.graph;

import java.util.Objects;

/** Where in a text an entity was found: {@code [start, end)} character offsets. */
public record EntityMention(FinanceEntity entity, int start, int end) {

    public EntityMention {
        Objects.requireNonNull(entity, "entity");
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("mention span must be non-empty: [" + start + ", " + end + ")");
        }
    }

    boolean overlaps(int otherStart, int otherEnd) {
        return start < otherEnd && otherStart < end;
    }
}
