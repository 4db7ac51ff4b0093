package dev.strata.domain.snapshot;

import dev.strata.domain.memory.Memory;

import java.util.Objects;

/**
 * A memory with its place in the injection order: the tier that placed it and its rank, 1-based
 * over every injected memory. A memory the budget left out carries the rank it would have had.
 */
public record PlacedMemory(Memory memory, InjectionTier tier, int rank) {

    public PlacedMemory {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(tier, "tier");
        if (rank < 1) {
            throw new IllegalArgumentException("rank is 1-based");
        }
    }
}
