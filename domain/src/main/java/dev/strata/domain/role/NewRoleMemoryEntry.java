package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A decision to record: which role made it, what it saw, what it decided, about which asset, when. */
public record NewRoleMemoryEntry(Tenant tenant, RoleId role, RoleInputs inputs, String decision, Optional<Asset> asset,
                                 Instant createdAt) {

    public static final int MAX_DECISION_CHARS = 4_000;

    public NewRoleMemoryEntry {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(createdAt, "createdAt");
        if (decision == null || decision.isBlank()) {
            throw new InvalidInputException("decision", "must not be blank");
        }
        decision = decision.strip();
        if (decision.length() > MAX_DECISION_CHARS) {
            throw new InvalidInputException("decision", "must be at most " + MAX_DECISION_CHARS + " characters");
        }
        if (decision.indexOf('\0') >= 0) {
            throw new InvalidInputException("decision", "must not contain NUL characters");
        }
    }
}
