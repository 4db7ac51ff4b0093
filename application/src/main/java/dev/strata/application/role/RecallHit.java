package dev.strata.application.role;

import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.role.RoleMemoryEntry;

import java.util.Objects;
import java.util.Set;

/** One entry a recall query found, with its fused score and the arms that found it. */
public record RecallHit(RoleMemoryEntry entry, double score, Set<Arm> arms) {

    public RecallHit {
        Objects.requireNonNull(entry, "entry");
        arms = Set.copyOf(arms);
    }
}
