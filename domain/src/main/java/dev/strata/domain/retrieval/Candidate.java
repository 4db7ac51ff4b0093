package dev.strata.domain.retrieval;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A memory as an arm returns it: enough to fuse and re-rank without the store's full record.
 * Both arms must return these fully populated, so that a row only the vector arm found carries
 * its own type, recency and text (it is never looked up through the keyword arm's rows).
 *
 * @param id        the memory's row id
 * @param type      its type or category as stored (for decay exemptions: {@code identity}, {@code lesson})
 * @param updatedAt when it was last modified (for temporal decay)
 * @param content    its text (for entity overlap and MMR similarity)
 * @param key        its spec-02 key, when it has one: the entries of one key are versions of each other
 * @param superseded whether a newer entry of its key replaced it (it ranks below that entry)
 * @param occurredAt its event time (for the lift of a question's time words, {@link TimeLift})
 */
public record Candidate(long id, String type, Instant updatedAt, String content, Optional<String> key,
                        boolean superseded, Instant occurredAt) {

    public Candidate {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(occurredAt, "occurredAt");
        if (type.isBlank()) {
            throw new IllegalArgumentException("candidate " + id + " has a blank type");
        }
    }

    /** A memory whose event time is its last write. */
    public Candidate(long id, String type, Instant updatedAt, String content, Optional<String> key,
                     boolean superseded) {
        this(id, type, updatedAt, content, key, superseded, updatedAt);
    }

    /** An unkeyed, current memory. */
    public Candidate(long id, String type, Instant updatedAt, String content) {
        this(id, type, updatedAt, content, Optional.empty(), false);
    }

    /** Whether this is an older version of {@code newer}'s key (ids grow with writes). */
    boolean isOlderVersionOf(Candidate newer) {
        return key.isPresent() && key.equals(newer.key) && id < newer.id;
    }
}
