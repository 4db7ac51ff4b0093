package dev.strata.domain.audit;

import dev.strata.domain.memory.Tenant;

import java.util.List;

/** Driven port: the append-only audit trail. */
public interface AuditLog {

    void record(AuditEntry entry);

    /** Several entries at once (a batch write), in one transaction where the log has them. */
    default void recordAll(List<AuditEntry> entries) {
        entries.forEach(this::record);
    }

    /** The tenant's newest entries first. */
    List<AuditEntry> recent(Tenant tenant, int limit);

    /** A page of the trail, newest first (see {@link AuditQuery}). */
    List<AuditRecord> find(AuditQuery query);
}
