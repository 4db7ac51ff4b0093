package dev.strata.domain.audit;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;

/**
 * One auditable action: who (tenant), what ({@code action}, e.g. {@code memory.delete}), on which
 * subject, with a short human-readable detail. Written before destructive actions so the trail
 * survives the data it describes.
 */
public record AuditEntry(Tenant tenant, String action, String subject, String detail, Instant at) {

    public AuditEntry {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(at, "at");
    }
}
