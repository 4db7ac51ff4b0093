package dev.strata.domain.memory;

import java.util.Objects;

/** A memory found by search, with the matching fragment and its relevance (higher is better). */
public record SearchHit(Memory memory, String snippet, double score) {

    /**
     * Superseded entries stay searchable as history (spec 02) but rank below current ones of similar
     * relevance: their score is multiplied by this weight.
     */
    public static final double SUPERSEDED_WEIGHT = 0.5;

    public SearchHit {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(snippet, "snippet");
    }
}
