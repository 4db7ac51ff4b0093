package dev.strata.adapters.sqlite;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Statements that must commit together with whatever a piece of work writes on this thread: while
 * {@link #during} runs, every {@link Transactions} of the same database runs the mark right before its
 * {@code COMMIT}, in its transaction. So the mark is written exactly when something of the work is,
 * and survives (or not) a crash with it. Used to mark an {@code Idempotency-Key} applied.
 */
final class CommitMarks {

    /** One statement on the committing transaction's connection. */
    @FunctionalInterface
    interface Mark {
        void write(Connection transaction) throws SQLException;
    }

    private record Active(SqliteDatabase database, Mark mark, Active outer) {
    }

    private static final ThreadLocal<Active> ACTIVE = new ThreadLocal<>();

    private CommitMarks() {
    }

    /** Runs {@code work} with {@code mark} joining every transaction of {@code database} it commits on this thread. */
    static <T> T during(SqliteDatabase database, Mark mark, Supplier<T> work) {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(mark, "mark");
        Active outer = ACTIVE.get();
        ACTIVE.set(new Active(database, mark, outer));
        try {
            return work.get();
        } finally {
            if (outer == null) {
                ACTIVE.remove();
            } else {
                ACTIVE.set(outer);
            }
        }
    }

    /** Writes this thread's marks for {@code database} on the transaction about to commit. */
    static void writeBeforeCommit(SqliteDatabase database, Connection transaction) throws SQLException {
        if (database == null) {
            return;
        }
        for (Active a = ACTIVE.get(); a != null; a = a.outer()) {
            if (a.database() == database) {
                a.mark().write(transaction);
            }
        }
    }
}
