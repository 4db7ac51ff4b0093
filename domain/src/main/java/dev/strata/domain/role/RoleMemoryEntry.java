package dev.strata.domain.role;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of {@code role_memory}: a decision a role made, and what became of it. While
 * {@code pending} it may gather an outcome, evidence and the reason it is still waiting
 * ({@code note}: a probe failure, no model, the budget); once {@code reflected} it carries its
 * {@link Reflection}, and once {@code skipped} (too old to judge) only the note says why.
 */
public record RoleMemoryEntry(RoleMemoryId id, Tenant tenant, RoleId role, RoleInputs inputs, String decision,
                              Optional<Asset> asset, Instant createdAt, EntryStatus status, Optional<Outcome> outcome,
                              List<Evidence> evidence, Optional<Reflection> reflection, Optional<String> note,
                              Instant updatedAt) {

    public RoleMemoryEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(reflection, "reflection");
        Objects.requireNonNull(note, "note");
        Objects.requireNonNull(updatedAt, "updatedAt");
        evidence = List.copyOf(evidence);
        if ((status == EntryStatus.REFLECTED) != reflection.isPresent()) {
            throw new IllegalArgumentException("an entry carries a reflection exactly when it is reflected");
        }
    }

    public boolean isPending() {
        return status == EntryStatus.PENDING;
    }

    /** The lesson, when the entry was reflected as trainable. */
    public Optional<String> lesson() {
        return reflection.flatMap(Reflection::lesson);
    }
}
