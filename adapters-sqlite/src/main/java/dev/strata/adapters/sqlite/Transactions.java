package dev.strata.adapters.sqlite;

import io.helidon.dbclient.DbTransaction;

/** Rolling back after a failure without losing the failure. */
final class Transactions {

    private Transactions() {
    }

    /**
     * Rolls back the transaction a failure interrupted. When the failure was the COMMIT itself (a full
     * or read-only disk refuses the write-ahead log at commit time), Helidon has already marked the
     * transaction committed and the rollback throws; SQLite has rolled back on its own by then. That
     * second error is kept as suppressed, so the storage error stays the one callers classify and report.
     */
    static void rollbackAfter(DbTransaction tx, RuntimeException failure) {
        try {
            tx.rollback();
        } catch (RuntimeException secondary) {
            if (secondary != failure) {
                failure.addSuppressed(secondary);
            }
        }
    }
}
