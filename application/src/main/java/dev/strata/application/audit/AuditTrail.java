package dev.strata.application.audit;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;

import java.util.List;
import java.util.Objects;

/**
 * How use cases write the audit trail: after the change they describe has been committed, and never
 * failing the change. A write that succeeded must answer success (a 5xx means "not written"), so an
 * entry the log cannot take is logged as a warning, in full, for the operator to see.
 */
public final class AuditTrail {

    private static final System.Logger LOG = System.getLogger(AuditTrail.class.getName());

    /**
     * A log that keeps nothing, for the convenience constructors unit tests use when they do not read the
     * trail. Bootstrap never wires it: every area gets the access area's one log.
     */
    public static final AuditLog DISCARDED = new AuditLog() {
        @Override
        public void record(AuditEntry entry) {
        }

        @Override
        public List<AuditEntry> recent(dev.strata.domain.memory.Tenant tenant, int limit) {
            return List.of();
        }

        @Override
        public List<dev.strata.domain.audit.AuditRecord> find(dev.strata.domain.audit.AuditQuery query) {
            return List.of();
        }
    };

    private final AuditLog log;

    public AuditTrail(AuditLog log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    public void record(AuditEntry entry) {
        try {
            log.record(entry);
        } catch (RuntimeException e) {
            lost(List.of(entry), e);
        }
    }

    public void recordAll(List<AuditEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        try {
            log.recordAll(entries);
        } catch (RuntimeException e) {
            lost(entries, e);
        }
    }

    private static void lost(List<AuditEntry> entries, RuntimeException e) {
        for (AuditEntry entry : entries) {
            LOG.log(System.Logger.Level.WARNING, "audit entry not recorded ({0}): {1} {2} {3} by {4}: {5}",
                    e.getMessage(), entry.tenant(), entry.action(), entry.subject(), entry.actor(), entry.detail());
        }
    }
}
