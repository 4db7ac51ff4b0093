package dev.strata.domain.memory;

import java.util.Objects;

/** A memory the purge removed for good (its retention ran out), so the purge can be audited per tenant. */
public record PurgedMemory(Tenant tenant, MemoryId id) {

    public PurgedMemory {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
    }
}
