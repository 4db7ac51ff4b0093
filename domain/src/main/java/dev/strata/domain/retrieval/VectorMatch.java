package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;

import java.util.Objects;

/**
 * A memory the vector arm found.
 *
 * @param memory   the memory the best chunk belongs to
 * @param distance cosine distance of that chunk to the query, in [0, 2]; smaller is closer
 */
public record VectorMatch(MemoryId memory, double distance) {

    public VectorMatch {
        Objects.requireNonNull(memory, "memory");
        if (Double.isNaN(distance) || distance < 0) {
            throw new IllegalArgumentException("distance must be a non-negative number: " + distance);
        }
    }
}
