package dev.strata.domain.snapshot;

import java.util.Objects;

/** An injectable memory the budget left out of the block: what it is and the rank it would have had. */
public record LeftOutEntry(LineOrigin origin, LinePlacement placement) {

    public LeftOutEntry {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(placement, "placement");
    }
}
