package dev.strata.adapters.sqlite;

import dev.strata.application.provenance.WriteOrigin;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.audit.AuditRecord;
import dev.strata.domain.memory.Actor;

import java.util.List;

/** Who a test writes as, and an audit log for tests about something else. */
final class TestWrites {

    static final Actor ACTOR = Actor.cli("test");
    /** May claim any source: for tests about something else than provenance. */
    static final WriteOrigin OPERATOR = WriteOrigin.operator(ACTOR);

    private TestWrites() {
    }

    /** An audit log that keeps nothing. */
    static AuditLog discardingAudit() {
        return new AuditLog() {
            @Override
            public void record(dev.strata.domain.audit.AuditEntry entry) {
            }

            @Override
            public List<dev.strata.domain.audit.AuditEntry> recent(dev.strata.domain.memory.Tenant tenant, int limit) {
                return List.of();
            }

            @Override
            public List<AuditRecord> find(AuditQuery query) {
                return List.of();
            }
        };
    }
}
