package dev.strata.application.audit;

import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.audit.AuditRecord;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reading the audit trail ({@code GET /v1/audit}). Which tenants a reader may see is decided by the
 * front end that knows the reader's key (only admin keys see other tenants' trails); this use case
 * pages what it is asked for.
 */
public final class AuditService {

    private final AuditLog log;

    public AuditService(AuditLog log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /** A page of the trail, newest first, with the cursor of the next page when there may be one. */
    public AuditPage find(AuditQuery query) {
        List<AuditRecord> entries = log.find(query);
        Optional<Long> next = entries.size() == query.limit()
                ? Optional.of(entries.get(entries.size() - 1).id()) : Optional.empty();
        return new AuditPage(entries, next);
    }

    /** @param nextBefore pass as {@code before} to read the next (older) page */
    public record AuditPage(List<AuditRecord> entries, Optional<Long> nextBefore) {
        public AuditPage {
            entries = List.copyOf(entries);
            Objects.requireNonNull(nextBefore, "nextBefore");
        }
    }
}
