package dev.strata.domain.audit;

import java.util.Objects;

/** A stored audit entry with its position in the trail: ids grow with every entry, so they page it. */
public record AuditRecord(long id, AuditEntry entry) {

    public AuditRecord {
        if (id < 1) {
            throw new IllegalArgumentException("id must be positive");
        }
        Objects.requireNonNull(entry, "entry");
    }
}
