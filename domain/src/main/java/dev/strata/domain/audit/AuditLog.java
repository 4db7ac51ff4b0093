package dev.strata.domain.audit;

import dev.strata.domain.memory.Tenant;

import java.util.List;

/** Driven port: the append-only audit trail. */
public interface AuditLog {

    void record(AuditEntry entry);

    /** The tenant's newest entries first. */
    List<AuditEntry> recent(Tenant tenant, int limit);
}
