package dev.strata.adapters.sqlite;

import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.UnavailableException;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The one way this adapter writes in a transaction: plain JDBC on a pooled connection, and an
 * outcome that says truthfully whether the data was written.
 *
 * <pre>{@code
 * private final Transactions transactions = new Transactions(database);
 *
 * long id = transactions.write("record the trade", c -> {
 *     Jdbc.update(c, "INSERT INTO trades(tenant, symbol) VALUES (?, ?)", tenant.value(), symbol);
 *     return Jdbc.lastInsertRowid(c);
 * });
 * }</pre>
 *
 * <p>The transaction is opened, committed and rolled back with the SQL statements themselves
 * ({@code BEGIN IMMEDIATE}, {@code COMMIT}, {@code ROLLBACK}) on a connection left in auto-commit
 * mode, not with JDBC's {@code setAutoCommit(false)}/{@code commit()}: the SQLite driver's
 * {@code commit()} runs {@code COMMIT} and at once a new {@code BEGIN IMMEDIATE}, so it can fail
 * (the write lock is busy) after the data was committed, and the pool's rollback on close then
 * fails too. Reported as a failed write, that told clients to retry writes that had been stored
 * (issue 13: 3 of 9 "503 could not write" answers had committed). Here each statement's outcome
 * is unambiguous:
 * <ul>
 * <li>a failure before or at {@code COMMIT} rolls back and throws: nothing was written;</li>
 * <li>once {@code COMMIT} succeeded the write answers success, whatever closing the connection
 *     does afterwards (that is logged).</li>
 * </ul>
 * A failed SQL statement becomes an {@link UnavailableException} "could not {@code what}" with the
 * SQLite error as its cause; anything else the work threw (a {@link DomainException} such as a
 * conflict it detected, a defect) is rethrown unchanged once the transaction is rolled back.
 *
 * <p>Background work's transactions ({@link SqliteDatabase#inBackgroundSlice}, the write gate's slices) run
 * through the same {@link #transaction} rule, and a write called inside a slice joins the slice's transaction
 * instead of opening a second one on another connection. On a thread running a scheduled background job
 * ({@link SqliteDatabase#runAsBackgroundJob}) every write becomes a slice of its own.
 */
final class Transactions {

    private static final System.Logger LOG = System.getLogger(Transactions.class.getName());

    /** What a write does inside its transaction, on the transaction's connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Where transactions get their connections; a test wraps them to make closing fail. */
    interface Connections {

        Connection borrow() throws SQLException;

        /** Takes out of service a connection whose transaction state is unknown (a failed ROLLBACK). */
        void discard(Connection connection);

        /** The connection of the background slice the current thread runs, whose transaction writes join. */
        default Optional<Connection> joined() {
            return Optional.empty();
        }
    }

    private final Connections connections;
    /** The database whose {@link CommitMarks} this helper writes before each commit; null writes none. */
    private final SqliteDatabase database;

    Transactions(SqliteDatabase database) {
        this(database, new Connections() {
            @Override
            public Connection borrow() throws SQLException {
                return database.connection();
            }

            @Override
            public void discard(Connection connection) {
                database.evict(connection);
            }

            @Override
            public Optional<Connection> joined() {
                return database.sliceConnection();
            }
        });
    }

    Transactions(Connections connections) {
        this(null, connections);
    }

    private Transactions(SqliteDatabase database, Connections connections) {
        this.database = database;
        this.connections = Objects.requireNonNull(connections, "connections");
    }

    /**
     * Runs {@code work} in one immediate transaction (SQLite's write lock held from BEGIN, so the
     * work's reads and writes see no other writer) and returns its result once COMMIT succeeded.
     *
     * @param what the write in an operator's words, for the failure message ("write the memory")
     */
    <T> T write(String what, Work<T> work) {
        return run(what, work, result -> true);
    }

    /**
     * Like {@link #write}, for a write that may turn out not to apply: the transaction commits when
     * {@code work} answers true and is rolled back, writing nothing, when it answers false.
     */
    boolean writeIf(String what, Work<Boolean> work) {
        return run(what, work, Boolean.TRUE::equals);
    }

    private <T> T run(String what, Work<T> work, Predicate<T> commitIf) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(work, "work");
        Optional<Connection> slice = connections.joined();
        if (slice.isPresent()) {
            return joined(slice.get(), what, work, commitIf);
        }
        if (database != null && WriteGate.inBackgroundJob()) {
            // A scheduled job's write: one background slice of its own, so request writers go first.
            try {
                return database.inBackgroundSlice(c -> joined(c, what, work, commitIf));
            } catch (SQLException e) {
                throw failure(what, e);
            }
        }
        Connection c;
        try {
            c = connections.borrow();
        } catch (SQLException | RuntimeException e) {
            throw failure(what, e);
        }
        // What must be true exactly when this commits (an Idempotency-Key marked applied) joins it, last.
        Work<T> marked = connection -> {
            T result = work.run(connection);
            if (commitIf.test(result)) {
                CommitMarks.writeBeforeCommit(database, connection);
            }
            return result;
        };
        boolean ended = false;
        try {
            T result = transaction(c, marked, commitIf, connections::discard);
            ended = true;
            return result;
        } catch (SQLException e) {
            throw failure(what, e);
        } finally {
            close(c, what, ended);
        }
    }

    /**
     * One transaction on a connection the caller holds (in auto-commit mode): {@code BEGIN IMMEDIATE}, the work,
     * then {@code COMMIT} when {@code commitIf} accepts its result, else {@code ROLLBACK}. Returns once COMMIT
     * succeeded; any failure before or at COMMIT rolls back and is thrown as it came (a failed BEGIN opened
     * nothing). Background slices ({@link WriteGate}) run their transaction through here too.
     *
     * @param discard takes the connection out of service when a ROLLBACK fails for an unknown reason
     */
    static <T> T transaction(Connection c, Work<T> work, Predicate<T> commitIf, Consumer<Connection> discard)
            throws SQLException {
        execute(c, "BEGIN IMMEDIATE");
        T result;
        try {
            result = work.run(c);
        } catch (SQLException | RuntimeException e) {
            rollback(c, e, discard);
            throw e;
        }
        if (!commitIf.test(result)) {
            rollback(c, null, discard);
            return result;
        }
        try {
            execute(c, "COMMIT");
        } catch (SQLException | RuntimeException e) {
            // A refused COMMIT (full disk, a deferred constraint) may leave the transaction open.
            rollback(c, e, discard);
            throw e;
        }
        return result;
    }

    /**
     * A write called inside a background slice on this thread joins the slice's transaction (a BEGIN on a
     * second connection would wait for the slice's own lock). A savepoint keeps it all-or-nothing within the
     * slice: a failure or a {@link #writeIf} answering false undoes this write only, and it is committed with
     * the slice.
     */
    private static <T> T joined(Connection c, String what, Work<T> work, Predicate<T> commitIf) {
        try {
            execute(c, "SAVEPOINT strata_write");
            T result;
            try {
                result = work.run(c);
            } catch (SQLException | RuntimeException e) {
                undo(c, e);
                throw e;
            }
            if (!commitIf.test(result)) {
                undo(c, null);
                return result;
            }
            execute(c, "RELEASE strata_write");
            return result;
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    private static void undo(Connection c, Exception failure) throws SQLException {
        try {
            execute(c, "ROLLBACK TO strata_write");
            execute(c, "RELEASE strata_write");
        } catch (SQLException e) {
            if (failure == null) {
                throw e;
            }
            failure.addSuppressed(e);
        }
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /**
     * Ends a transaction that must not commit. SQLite has already rolled back on its own after some
     * errors (full disk, I/O), so "no transaction is active" means done. Any other failure leaves the
     * connection's state unknown: it is discarded rather than lent to the next writer mid-transaction.
     *
     * @param failure what made the transaction fail, keeping the rollback's own error as suppressed
     */
    private static void rollback(Connection c, Throwable failure, Consumer<Connection> discard) {
        try {
            execute(c, "ROLLBACK");
        } catch (SQLException | RuntimeException e) {
            if (String.valueOf(e.getMessage()).contains("no transaction is active")) {
                return;
            }
            if (failure != null && failure != e) {
                failure.addSuppressed(e);
            } else {
                LOG.log(System.Logger.Level.WARNING, "rolling back an abandoned transaction failed", e);
            }
            discard.accept(c);
        }
    }

    /** Returns the connection to the pool; after a COMMIT its failure changes nothing that was written. */
    private static void close(Connection c, String what, boolean ended) {
        try {
            c.close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "returning the connection after the transaction to " + what
                    + (ended ? " (transaction ended)" : " (not committed)") + " failed: " + e.getMessage(), e);
        }
    }

    private static RuntimeException failure(String what, Exception e) {
        if (e instanceof RuntimeException unchanged) {
            return unchanged;
        }
        return SqliteFailures.unavailable("could not " + what + ": " + e.getMessage(), e);
    }
}
