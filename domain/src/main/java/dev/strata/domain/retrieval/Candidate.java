package dev.strata.domain.retrieval;

import java.time.Instant;
import java.util.Objects;

/**
 * A memory as an arm returns it: enough to fuse and re-rank without the store's full record.
 * Both arms must return these fully populated, so that a row only the vector arm found carries
 * its own type, recency and text (it is never looked up through the keyword arm's rows).
 *
 * @param id        the memory's row id
 * @param type      its type or category as stored (for decay exemptions: {@code identity}, {@code lesson})
 * @param updatedAt when it was last modified (for temporal decay)
 * @param content   its text (for entity overlap and MMR similarity)
 */
public record Candidate(long id, String type, Instant updatedAt, String content) {

    public Candidate {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(content, "content");
        if (type.isBlank()) {
            throw new IllegalArgumentException("candidate " + id + " has a blank type");
        }
    }
}
