package dev.strata.adapters.http.learning;

import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.memory.MemoryId;

import java.time.Instant;
import java.util.Optional;

/** A learned preference; {@code memory_id} names the memory it was promoted to once approved. */
public record PreferenceView(long id, String dimension, String content, String kind, String state, long evidence,
                             String source, Optional<Long> memoryId, Instant createdAt, Instant updatedAt) {

    public static PreferenceView of(LearnedPreference p) {
        return new PreferenceView(p.id().value(), p.dimension().wireName(), p.content(), p.kind().wireName(),
                p.state().wireName(), p.evidence(), p.source().wireName(), p.memory().map(MemoryId::value),
                p.createdAt(), p.updatedAt());
    }
}
