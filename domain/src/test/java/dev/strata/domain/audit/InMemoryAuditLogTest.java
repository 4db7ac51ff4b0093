package dev.strata.domain.audit;

/** The fake honours the same contract as the SQLite table, so tests built on it mean something. */
class InMemoryAuditLogTest extends AuditLogContract {

    @Override
    protected AuditLog createLog() {
        return new InMemoryAuditLog();
    }
}
