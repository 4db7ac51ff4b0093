package dev.strata.domain.audit;

import dev.strata.domain.memory.Tenant;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A hand-written {@link AuditLog} fake that keeps entries in memory, numbered as they are recorded. */
public final class InMemoryAuditLog implements AuditLog {

    private final List<AuditRecord> entries = new ArrayList<>();

    @Override
    public synchronized void record(AuditEntry entry) {
        entries.add(new AuditRecord(entries.size() + 1L, entry));
    }

    @Override
    public synchronized List<AuditEntry> recent(Tenant tenant, int limit) {
        return find(AuditQuery.of(tenant, Math.min(limit, AuditQuery.MAX_LIMIT))).stream()
                .map(AuditRecord::entry).toList();
    }

    @Override
    public synchronized List<AuditRecord> find(AuditQuery query) {
        return entries.stream()
                .filter(r -> query.before().map(b -> r.id() < b).orElse(true))
                .filter(r -> query.accepts(r.entry()))
                .sorted(Comparator.comparingLong(AuditRecord::id).reversed())
                .limit(query.limit())
                .toList();
    }

    /** Every entry, oldest first (for tests that look at the whole trail). */
    public synchronized List<AuditEntry> all() {
        return entries.stream().map(AuditRecord::entry).toList();
    }
}
