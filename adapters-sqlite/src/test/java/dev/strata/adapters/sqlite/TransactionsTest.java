package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.UnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The transaction helper on a real SQLite file: a write answers success exactly when its COMMIT
 * succeeded (issue 13, "A 5xx means not written"), and a failed one leaves nothing behind.
 */
class TransactionsTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;
    private final List<Connection> discarded = new ArrayList<>();

    @BeforeEach
    void open() {
        db = TempDatabase.open(dir);
        TempDatabase.execute(db, "CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
    }

    @AfterEach
    void close() {
        db.close();
    }

    /** The pool's connections, each wrapped by {@code wrap}; discarded ones are recorded (and evicted). */
    private Transactions transactions(java.util.function.UnaryOperator<Connection> wrap) {
        return new Transactions(new Transactions.Connections() {
            @Override
            public Connection borrow() throws SQLException {
                return wrap.apply(db.connection());
            }

            @Override
            public void discard(Connection connection) {
                discarded.add(connection);
            }
        });
    }

    private List<String> notes() {
        return TempDatabase.column(db, "SELECT text FROM notes ORDER BY id");
    }

    private static int addNote(Connection c, String text) throws SQLException {
        return Jdbc.update(c, "INSERT INTO notes(text) VALUES (?)", text);
    }

    @Test
    void a_write_whose_commit_succeeded_answers_success_when_returning_the_connection_fails() {
        // What the pool did in the reproduction: its rollback on close failed after the COMMIT had succeeded.
        Transactions failingClose = transactions(c -> intercept(c, (method, args) -> {
            if (method.equals("close")) {
                c.close();
                throw new SQLException("[SQLITE_BUSY] cannot rollback - the pool's rollback on close failed");
            }
            if (method.equals("rollback")) {
                throw new SQLException("[SQLITE_BUSY] rollback failed");
            }
            return PROCEED;
        }));

        long id = failingClose.write("write the note", c -> {
            addNote(c, "committed");
            return Jdbc.lastInsertRowid(c);
        });

        assertThat(id).isEqualTo(1);
        assertThat(notes()).containsExactly("committed");
    }

    @Test
    void a_commit_the_database_refuses_writes_nothing_and_answers_unavailable() {
        // A deferred foreign key is checked at COMMIT, which SQLite then refuses with the transaction still open.
        TempDatabase.execute(db, "CREATE TABLE parents(id INTEGER PRIMARY KEY)");
        TempDatabase.execute(db, "CREATE TABLE children(parent INTEGER REFERENCES parents(id) "
                + "DEFERRABLE INITIALLY DEFERRED)");
        Transactions transactions = new Transactions(db);

        assertThatThrownBy(() -> transactions.write("write the child", c -> {
            addNote(c, "written before the refused commit");
            return Jdbc.update(c, "INSERT INTO children(parent) VALUES (42)");
        })).isInstanceOf(UnavailableException.class)
                .hasMessageStartingWith("could not write the child: ")
                .hasMessageContaining("FOREIGN KEY constraint failed");

        assertThat(notes()).isEmpty();
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM children")).containsExactly("0");
        assertThat(discarded).isEmpty();
        for (int i = 0; i < SqliteSettings.DEFAULTS.poolSize() + 1; i++) {
            String text = "after " + i;
            transactions.write("write the note", c -> addNote(c, text));
        }
        assertThat(notes()).as("every pooled connection was left outside a transaction")
                .hasSize(SqliteSettings.DEFAULTS.poolSize() + 1);
    }

    @Test
    void a_failed_statement_rolls_back_what_the_work_had_written() {
        Transactions transactions = new Transactions(db);

        assertThatThrownBy(() -> transactions.write("write the notes", c -> {
            addNote(c, "first");
            return Jdbc.update(c, "INSERT INTO notes(text) VALUES (NULL)");
        })).isInstanceOf(UnavailableException.class)
                .hasMessageStartingWith("could not write the notes: ")
                .cause().isInstanceOf(SQLException.class).hasMessageContaining("NOT NULL");

        assertThat(notes()).isEmpty();
    }

    @Test
    void a_conflict_the_work_detects_is_rethrown_unchanged_and_nothing_is_written() {
        Transactions transactions = new Transactions(db);
        ConflictException conflict = new ConflictException("the key is taken");

        assertThatThrownBy(() -> transactions.write("save the note", c -> {
            addNote(c, "half a save");
            throw conflict;
        })).isSameAs(conflict);

        assertThat(notes()).isEmpty();
    }

    @Test
    void a_write_that_does_not_apply_is_rolled_back_and_answers_false() {
        Transactions transactions = new Transactions(db);

        boolean applied = transactions.writeIf("settle the note", c -> addNote(c, "tentative") == 0);

        assertThat(applied).isFalse();
        assertThat(notes()).isEmpty();
        assertThat(transactions.writeIf("settle the note", c -> addNote(c, "kept") == 1)).isTrue();
        assertThat(notes()).containsExactly("kept");
    }

    @Test
    void a_connection_whose_rollback_fails_is_discarded_with_the_failure_kept() {
        Transactions failingRollback = transactions(c -> intercept(c, (method, args) -> {
            if (method.equals("createStatement")) {
                Statement real = c.createStatement();
                return intercept(Statement.class, real, (m, a) -> {
                    if (m.equals("execute") && "ROLLBACK".equals(a[0])) {
                        real.execute("ROLLBACK");
                        throw new SQLException("[SQLITE_IOERR] disk I/O error during rollback");
                    }
                    return PROCEED;
                });
            }
            return PROCEED;
        }));

        assertThatThrownBy(() -> failingRollback.write("write the notes", c -> {
            addNote(c, "first");
            return Jdbc.update(c, "INSERT INTO notes(text) VALUES (NULL)");
        })).isInstanceOf(UnavailableException.class)
                .satisfies(e -> assertThat(e.getCause().getSuppressed()).singleElement()
                        .satisfies(s -> assertThat(s).hasMessageContaining("during rollback")));

        assertThat(discarded).hasSize(1);
        assertThat(notes()).isEmpty();
    }

    @Test
    void a_busy_write_lock_at_begin_fails_the_write_before_anything_is_written() throws SQLException {
        Transactions transactions = new Transactions(db);
        try (Connection holder = db.connection(); Statement lock = holder.createStatement()) {
            lock.execute("PRAGMA busy_timeout = 0");
            lock.execute("BEGIN IMMEDIATE");
            Transactions impatient = transactions(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA busy_timeout = 0");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                return c;
            });

            assertThatThrownBy(() -> impatient.write("write the note", c -> addNote(c, "never")))
                    .isInstanceOf(UnavailableException.class)
                    .satisfies(e -> assertThat(SqliteFailures.isUnavailable(e)).isTrue());
            lock.execute("ROLLBACK");
        } finally {
            restoreBusyTimeouts();
        }
        assertThat(notes()).isEmpty();
        transactions.write("write the note", c -> addNote(c, "later"));
        assertThat(notes()).containsExactly("later");
    }

    /** The pooled connections keep their setting; give the ones this test touched the configured timeout back. */
    private void restoreBusyTimeouts() throws SQLException {
        List<Connection> all = new ArrayList<>();
        try {
            for (int i = 0; i < SqliteSettings.DEFAULTS.poolSize(); i++) {
                Connection c = db.connection();
                all.add(c);
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA busy_timeout = " + SqliteSettings.DEFAULTS.busyTimeout().toMillis());
                }
            }
        } finally {
            for (Connection c : all) {
                c.close();
            }
        }
    }

    // --- wrapping JDBC objects to inject failures -------------------------------------------------

    private static final Object PROCEED = new Object();

    @FunctionalInterface
    private interface Interceptor {
        /** Answers the call's result, or {@link #PROCEED} to let the real object answer. */
        Object call(String method, Object[] args) throws Exception;
    }

    private static Connection intercept(Connection real, Interceptor interceptor) {
        return intercept(Connection.class, real, interceptor);
    }

    private static <T> T intercept(Class<T> type, T real, Interceptor interceptor) {
        InvocationHandler handler = (proxy, method, args) -> {
            Object[] arguments = args == null ? new Object[0] : args;
            Object answer = interceptor.call(method.getName(), arguments);
            if (answer != PROCEED) {
                return answer;
            }
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(TransactionsTest.class.getClassLoader(), new Class<?>[] {type},
                handler));
    }
}
