package dev.strata.domain.trading;

import java.time.Instant;
import java.util.Objects;

/** A spot activity as the mirror holds it, with its row id (the trading summary's cursor). */
public record StoredSpotActivity(long id, SpotActivity activity, Instant createdAt) {

    public StoredSpotActivity {
        if (id < 1) {
            throw new IllegalArgumentException("id must be positive: " + id);
        }
        Objects.requireNonNull(activity, "activity");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
