package dev.strata.domain.trading;

import java.time.Instant;
import java.util.Objects;

/** A fill as the mirror holds it: its row id (the trading summary's cursor counts in these) and arrival time. */
public record StoredPerpsFill(long id, PerpsFill fill, Instant createdAt) {

    public StoredPerpsFill {
        if (id < 1) {
            throw new IllegalArgumentException("id must be positive: " + id);
        }
        Objects.requireNonNull(fill, "fill");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
