package dev.strata.domain.audit;

import dev.strata.domain.memory.Tenant;

import java.util.ArrayList;
import java.util.List;

/** A hand-written {@link AuditLog} fake that keeps entries in memory. */
public final class InMemoryAuditLog implements AuditLog {

    private final List<AuditEntry> entries = new ArrayList<>();

    @Override
    public synchronized void record(AuditEntry entry) {
        entries.add(entry);
    }

    @Override
    public synchronized List<AuditEntry> recent(Tenant tenant, int limit) {
        List<AuditEntry> mine = new ArrayList<>(entries.stream().filter(e -> e.tenant().equals(tenant)).toList());
        java.util.Collections.reverse(mine);
        return mine.stream().limit(limit).toList();
    }
}
