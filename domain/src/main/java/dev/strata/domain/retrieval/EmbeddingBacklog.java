package dev.strata.domain.retrieval;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How far the asynchronous embedding is behind: memories still {@link EmbeddingState#PENDING} (written, not
 * yet embedded), those {@link EmbeddingState#FAILED} (retried by the catch-up), and since when the longest
 * waiting pending memory has waited (its last write), empty when none waits or the store cannot tell.
 */
public record EmbeddingBacklog(long pending, long failed, Optional<Instant> oldestPendingSince) {

    public static final EmbeddingBacklog NONE = new EmbeddingBacklog(0, 0, Optional.empty());

    public EmbeddingBacklog {
        Objects.requireNonNull(oldestPendingSince, "oldestPendingSince");
        if (pending < 0 || failed < 0) {
            throw new IllegalArgumentException("counts must not be negative: " + pending + ", " + failed);
        }
    }

    /** How long the oldest pending memory has waited at {@code now}; zero when none waits. */
    public Duration oldestPendingAge(Instant now) {
        return oldestPendingSince.map(since -> Duration.between(since, now))
                .filter(age -> !age.isNegative()).orElse(Duration.ZERO);
    }
}
