package dev.strata.domain.memory;

import java.util.Objects;

/** A memory found by search, with the matching fragment and its relevance (higher is better). */
public record SearchHit(Memory memory, String snippet, double score) {

    public SearchHit {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(snippet, "snippet");
    }
}
