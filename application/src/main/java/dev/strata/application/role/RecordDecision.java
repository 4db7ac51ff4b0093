package dev.strata.application.role;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.RoleInputs;

import java.util.Objects;
import java.util.Optional;

/**
 * A role made a decision: what it saw ({@code inputs}, a JSON object), what it decided, and the asset
 * it is about. The asset is required for a {@code price_delta} role; the gateway takes it from
 * {@code inputs[assetField]} when the caller left it out.
 */
public record RecordDecision(Tenant tenant, String role, RoleInputs inputs, String decision, Optional<String> asset) {

    public RecordDecision {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(asset, "asset");
    }
}
