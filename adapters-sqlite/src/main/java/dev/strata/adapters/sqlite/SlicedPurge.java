package dev.strata.adapters.sqlite;


import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A maintenance delete (the soft-delete purge, expired sessions, expired Idempotency-Keys, old prices) run as
 * background work: in {@link SqliteDatabase#inBackgroundSlice slices} of at most {@code rows} rows each, one short
 * transaction per slice, until a slice finds fewer rows than that. One delete of every expired row held the
 * write lock for as long as the whole job took (tens of thousands of rows, each with its full-text entries,
 * edges and triggers) while request writers waited behind it; sliced, a request writer waits for at most one
 * slice, and the job still removes every row in one run.
 *
 * <p>Each slice deletes a bounded set chosen inside its own transaction, so a slice that a request forces to
 * start again (the gate's rule) simply picks its rows again.
 */
final class SlicedPurge {

    /** Rows per slice by default: a few milliseconds of deletes with their triggers on a loaded machine. */
    static final int DEFAULT_ROWS = 100;

    private static final System.Logger LOG = System.getLogger(SlicedPurge.class.getName());

    /** One slice: deletes at most {@code limit} rows on the slice's connection and returns what it removed. */
    @FunctionalInterface
    interface Step<T> {
        List<T> deleteUpTo(Connection connection, int limit) throws SQLException;
    }

    private SlicedPurge() {
    }

    /**
     * Runs {@code step} slice after slice until one removes fewer than {@code rows} rows, and returns every
     * row removed. When a slice fails after earlier ones committed, their rows are returned (they are gone;
     * the caller must still account for them) and the rest waits for the next run; a failure of the first
     * slice is thrown as "could not {@code what}".
     */
    static <T> List<T> run(SqliteDatabase db, String what, int rows, Step<T> step) {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(step, "step");
        if (rows < 1) {
            throw new IllegalArgumentException("rows per slice must be positive: " + rows);
        }
        List<T> removed = new ArrayList<>();
        while (true) {
            List<T> slice;
            try {
                slice = db.inBackgroundSlice(c -> step.deleteUpTo(c, rows));
            } catch (SQLException | RuntimeException e) {
                if (removed.isEmpty()) {
                    throw e instanceof RuntimeException r ? r
                            : SqliteFailures.unavailable("could not " + what + ": " + e.getMessage(), e);
                }
                LOG.log(System.Logger.Level.WARNING, "stopped to " + what + " after " + removed.size()
                        + " rows; the next run continues: " + e.getMessage());
                return removed;
            }
            removed.addAll(slice);
            if (slice.size() < rows) {
                return removed;
            }
        }
    }

    /** {@link #run} for a delete that only counts: {@code step} answers how many rows one slice removed. */
    static int count(SqliteDatabase db, String what, int rows, CountStep step) {
        return run(db, what, rows, (c, limit) -> {
            int n = step.deleteUpTo(c, limit);
            return Collections.nCopies(n, Boolean.TRUE);
        }).size();
    }

    /** One counting slice. */
    @FunctionalInterface
    interface CountStep {
        int deleteUpTo(Connection connection, int limit) throws SQLException;
    }
}
