package dev.strata.application.snapshot;

import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.snapshot.InjectionTier;
import dev.strata.domain.snapshot.PlacedMemory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Chooses the memories a snapshot injects, tier by tier in {@link InjectionTier} order: every
 * identity (up to a guard against a runaway tier), then lessons, user-stated categories, decisions,
 * context and the rest, each newest first, until the cap is full. Asked for it, it also lists the
 * first entries the cap left out, with the ranks they would have had, for an explanation.
 */
final class InjectionSelection {

    private final MemoryStore memories;
    private final int cap;
    private final int identityGuard;

    InjectionSelection(MemoryStore memories, int cap, int identityGuard) {
        this.memories = Objects.requireNonNull(memories, "memories");
        this.cap = cap;
        this.identityGuard = identityGuard;
    }

    /** @param placed injected, in render order; {@code leftOut} the first ones beyond the cap */
    record Selection(List<PlacedMemory> placed, List<PlacedMemory> leftOut) {

        List<Memory> memories() {
            return placed.stream().map(PlacedMemory::memory).toList();
        }
    }

    /** @param leftOutWanted how many of the entries beyond the cap to list (0 for a plain render) */
    Selection select(Tenant tenant, int leftOutWanted) {
        return select(tenant, leftOutWanted, Optional.empty());
    }

    /** @param asOf the instant to select as of (each tier newest written first), or now */
    Selection select(Tenant tenant, int leftOutWanted, Optional<Instant> asOf) {
        List<PlacedMemory> placed = new ArrayList<>();
        List<PlacedMemory> leftOut = new ArrayList<>();
        List<Memory> identities = list(tenant, InjectionTier.IDENTITY.filter(), identityGuard + leftOutWanted, asOf);
        for (Memory m : identities) {
            add(m, InjectionTier.IDENTITY, placed.size() < identityGuard, placed, leftOut, leftOutWanted);
        }
        for (InjectionTier tier : InjectionTier.ORDER.subList(1, InjectionTier.ORDER.size())) {
            int room = Math.max(0, cap - placed.size());
            int wanted = room + Math.max(0, leftOutWanted - leftOut.size());
            if (wanted == 0) {
                break;
            }
            for (Memory m : list(tenant, tier.filter(), wanted, asOf)) {
                add(m, tier, placed.size() < cap, placed, leftOut, leftOutWanted);
            }
        }
        return new Selection(List.copyOf(placed), List.copyOf(leftOut));
    }

    private List<Memory> list(Tenant tenant, CategoryFilter filter, int limit, Optional<Instant> asOf) {
        return asOf.map(at -> memories.listAsOf(tenant, filter, at, limit)).orElseGet(() -> memories.list(tenant,
                filter, limit));
    }

    private static void add(Memory m, InjectionTier tier, boolean fits, List<PlacedMemory> placed,
                            List<PlacedMemory> leftOut, int leftOutWanted) {
        if (fits) {
            placed.add(new PlacedMemory(m, tier, placed.size() + 1));
        } else if (leftOut.size() < leftOutWanted) {
            leftOut.add(new PlacedMemory(m, tier, placed.size() + leftOut.size() + 1));
        }
    }
}
