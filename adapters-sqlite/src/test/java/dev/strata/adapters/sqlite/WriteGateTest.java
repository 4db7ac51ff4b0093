package dev.strata.adapters.sqlite;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The write gate on a real database file: request writers (plain pooled connections) against background
 * slices. Orderings are forced with latches and read back from the data, not inferred from timings.
 */
class WriteGateTest {

    @TempDir
    Path dir;
    private SqliteDatabase db;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    private SqliteDatabase open(Duration busyTimeout) {
        db = SqliteDatabase.open(dir.resolve("strata.db"), new SqliteSettings(8, busyTimeout,
                SQLiteConfig.SynchronousMode.NORMAL, SqliteMemoryStore.DEFAULT_KEYWORD_CANDIDATES, Duration.ZERO, 10),
                TempDatabase.CLOCK);
        TempDatabase.execute(db, "CREATE TABLE t (who TEXT NOT NULL)");
        return db;
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
        if (db != null) {
            db.close();
        }
    }

    private void insert(String who) {
        try (Connection c = db.connection(); PreparedStatement s = c.prepareStatement("INSERT INTO t VALUES (?)")) {
            s.setString(1, who);
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long count(Connection c, String who) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM t WHERE who = ?")) {
            s.setString(1, who);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(1);
        }
    }

    @Test
    void no_slice_begins_while_a_request_writer_waits_so_it_waits_for_the_running_slice_only() throws Exception {
        open(Duration.ofSeconds(5));
        CountDownLatch inFirstSlice = new CountDownLatch(1);
        CountDownLatch releaseFirstSlice = new CountDownLatch(1);
        Future<?> first = threads.submit(() -> db.inBackgroundSlice(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO t VALUES ('slice 1')");
            }
            inFirstSlice.countDown();
            awaitQuietly(releaseFirstSlice);
            return null;
        }));
        inFirstSlice.await();
        Future<?> request = threads.submit(() -> insert("request"));
        await(() -> db.writeGate().waiting() == 1, "the request waits for the write lock");
        List<Long> requestRowsSeenBySecondSlice = new ArrayList<>();
        Future<?> second = threads.submit(() -> db.inBackgroundSlice(c -> requestRowsSeenBySecondSlice.add(count(c,
                "request"))));

        await(() -> db.writeGate().stats().slicesDeferred() == 1, "the second slice is held back");
        releaseFirstSlice.countDown();
        first.get(10, TimeUnit.SECONDS);
        request.get(10, TimeUnit.SECONDS);
        second.get(10, TimeUnit.SECONDS);

        assertThat(requestRowsSeenBySecondSlice).as("the second slice began only after the waiting request "
                + "committed").containsExactly(1L);
        WriteGate.Stats stats = db.writeGate().stats();
        assertThat(stats.foregroundWaits()).isEqualTo(1);
        assertThat(stats.mostSlicesOneWriterWaitedFor()).isEqualTo(1);
        assertThat(stats.slicesDeferred()).as("the second slice was held back").isEqualTo(1);
        assertThat(stats.slices()).isEqualTo(2);
    }

    @Test
    void a_slice_waiting_behind_a_request_gives_the_lock_up_to_the_next_request_and_runs_after_it() throws Exception {
        open(Duration.ofSeconds(5));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch releaseHolder = new CountDownLatch(1);
        Future<?> holder = threads.submit(() -> {
            try (Connection c = db.connection()) {
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO t VALUES ('holder')");
                }
                holding.countDown();
                releaseHolder.await();
                c.commit();
                c.setAutoCommit(true);
            }
            return null;
        });
        holding.await();
        List<Long> laterRequestRowsSeenBySlice = new ArrayList<>();
        Future<?> slice = threads.submit(() -> db.inBackgroundSlice(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO t VALUES ('slice')");
            }
            laterRequestRowsSeenBySlice.add(count(c, "later request"));
            return null;
        }));
        await(() -> db.writeGate().stats().slices() == 1, "the slice has begun and waits for the lock");
        Future<?> laterRequest = threads.submit(() -> insert("later request"));
        await(() -> db.writeGate().waiting() == 1, "the later request waits for the write lock");

        releaseHolder.countDown();
        holder.get(10, TimeUnit.SECONDS);
        laterRequest.get(10, TimeUnit.SECONDS);
        slice.get(10, TimeUnit.SECONDS);

        assertThat(laterRequestRowsSeenBySlice).as("the slice's last run began after the later request "
                + "committed").last().isEqualTo(1L);
        assertThat(db.writeGate().stats().sliceRetries()).as("the slice gave the lock up at least once")
                .isPositive();
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM t WHERE who = 'slice'"))
                .as("a retried slice writes once").containsExactly("1");
    }

    @Test
    void request_writers_never_fail_and_never_wait_for_more_than_one_slice_under_a_stream_of_slices()
            throws Exception {
        // A busy timeout far below what a starved writer waited (12 s): only the gate keeps them within it.
        open(Duration.ofMillis(500));
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger slices = new AtomicInteger();
        Future<?> background = threads.submit(() -> {
            while (writing.get()) {
                db.inBackgroundSlice(c -> {
                    try (PreparedStatement s = c.prepareStatement("INSERT INTO t VALUES ('background')")) {
                        for (int i = 0; i < 200; i++) {
                            s.executeUpdate();
                        }
                    }
                    return null;
                });
                slices.incrementAndGet();
            }
            return null;
        });
        AtomicInteger failures = new AtomicInteger();
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            writers.add(threads.submit(() -> {
                for (int i = 0; i < 150; i++) {
                    try {
                        insert("request");
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    }
                }
            }));
        }
        for (Future<?> f : writers) {
            f.get(60, TimeUnit.SECONDS);
        }
        writing.set(false);
        background.get(60, TimeUnit.SECONDS);

        WriteGate.Stats stats = db.writeGate().stats();
        assertThat(failures.get()).isZero();
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM t WHERE who = 'request'")).containsExactly("600");
        assertThat(slices.get()).as("background work advanced meanwhile").isPositive();
        assertThat(stats.mostSlicesOneWriterWaitedFor()).as("%s", stats).isLessThanOrEqualTo(1);
        assertThat(stats.foregroundTimeouts()).isZero();
    }

    @Test
    void a_request_behind_a_lock_the_gate_cannot_see_still_times_out_after_the_busy_timeout() throws Exception {
        open(Duration.ofMillis(300));
        try (Connection outside = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("strata.db"));
             Statement s = outside.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            assertThatThrownBy(() -> insert("request")).hasMessageContaining("SQLITE_BUSY");
            s.execute("ROLLBACK");
        }
        assertThat(db.writeGate().stats().foregroundTimeouts()).isEqualTo(1);
        assertThat(db.writeGate().waiting()).as("a timed-out writer no longer counts as waiting").isZero();
        insert("request");
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM t")).containsExactly("1");
    }

    @Test
    void work_failing_inside_a_slice_is_rolled_back_and_thrown() {
        open(Duration.ofSeconds(5));

        assertThatThrownBy(() -> db.inBackgroundSlice(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO t VALUES ('partial')");
            }
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class).hasMessage("boom");

        assertThat(TempDatabase.column(db, "SELECT count(*) FROM t")).containsExactly("0");
        insert("after");
        assertThat(TempDatabase.column(db, "SELECT count(*) FROM t")).containsExactly("1");
    }

    @Test
    void stores_called_inside_a_slice_join_its_transaction() throws SQLException {
        open(Duration.ofSeconds(5));

        assertThatThrownBy(() -> db.inBackgroundSlice(c -> {
            db.withConnection(joined -> {
                assertThat(joined).isSameAs(c);
                try (Statement s = joined.createStatement()) {
                    return s.executeUpdate("INSERT INTO t VALUES ('joined')");
                }
            });
            throw new IllegalStateException("roll back what the store wrote");
        })).hasMessageContaining("roll back");

        assertThat(TempDatabase.column(db, "SELECT count(*) FROM t")).containsExactly("0");
        long joined = db.withConnection(c -> count(c, "joined"));
        assertThat(joined).isZero();
    }

    @Test
    void a_transaction_written_inside_a_slice_joins_it_and_commits_with_it() throws SQLException {
        open(Duration.ofMillis(500));
        Transactions transactions = new Transactions(db);

        // A transaction on a second connection would wait for the slice's own write lock and time out.
        db.inBackgroundSlice(c -> {
            transactions.write("write inside the slice", tx -> Jdbc.update(tx, "INSERT INTO t VALUES ('kept')"));
            boolean applied = transactions.writeIf("refused inside the slice",
                    tx -> Jdbc.update(tx, "INSERT INTO t VALUES ('undone')") == 0);
            assertThat(applied).isFalse();
            return count(c, "kept");
        });
        assertThatThrownBy(() -> db.inBackgroundSlice(c -> {
            transactions.write("write before the slice fails", tx -> Jdbc.update(tx, "INSERT INTO t VALUES ('lost')"));
            throw new IllegalStateException("the slice fails after the joined write");
        })).hasMessageContaining("slice fails");

        assertThat(TempDatabase.column(db, "SELECT who FROM t ORDER BY who")).containsExactly("kept");
        assertThat(db.writeGate().stats().slices()).isEqualTo(2);
        assertThat(db.writeGate().stats().foregroundTimeouts()).isZero();
    }

    private static long rowid(Connection c, String who) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT rowid FROM t WHERE who = ?")) {
            s.setString(1, who);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    @Test
    void a_slice_kept_waiting_by_requests_becomes_due_and_goes_ahead_of_the_request_waiting_then() throws Exception {
        open(Duration.ofSeconds(10));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = threads.submit(() -> {
            try (Connection c = db.connection(); Statement s = c.createStatement()) {
                s.execute("BEGIN IMMEDIATE");
                s.executeUpdate("INSERT INTO t VALUES ('holder')");
                holding.countDown();
                awaitQuietly(release);
                s.execute("COMMIT");
            }
            return null;
        });
        holding.await();
        Future<?> waiter = threads.submit(() -> insert("waiter"));
        await(() -> db.writeGate().waiting() == 1, "a request waits for the write lock");
        Future<?> slice = threads.submit(() -> db.inBackgroundSlice(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO t VALUES ('slice')");
            }
        }));

        // A gate that only gives way would hold the slice back for as long as any request waits.
        await(() -> db.writeGate().stats().slicesDue() == 1, "the slice kept waiting becomes due");
        // Released only once the slice asks for the lock and the request holds back for it: a slice thread not
        // yet scheduled when the lock frees is passed after DUE_HOLD_BACK_NANOS by design, which is not what
        // this test is about.
        await(() -> db.writeGate().dueSliceWaitingForLock(1), "the due slice waits for the lock, the request for it");
        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        slice.get(10, TimeUnit.SECONDS);
        waiter.get(10, TimeUnit.SECONDS);

        try (Connection c = db.connection()) {
            assertThat(rowid(c, "slice")).as("the due slice took the lock before the request waiting then")
                    .isLessThan(rowid(c, "waiter"));
        }
        WriteGate.Stats stats = db.writeGate().stats();
        assertThat(stats.foregroundTimeouts()).isZero();
        assertThat(stats.mostSlicesOneWriterWaitedFor()).as("the request waited for that one slice only: %s", stats)
                .isEqualTo(1);
    }

    @Test
    void a_slice_is_never_due_for_a_request_that_already_waited_behind_one() throws Exception {
        open(Duration.ofSeconds(10));
        CountDownLatch inFirst = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        Future<?> first = threads.submit(() -> db.inBackgroundSlice(c -> {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO t VALUES ('slice 1')");
            }
            inFirst.countDown();
            awaitQuietly(releaseFirst);
            return null;
        }));
        inFirst.await();
        Future<?> request = threads.submit(() -> insert("request"));
        await(() -> db.writeGate().waiting() == 1, "the request waits behind the first slice");
        Future<?> second = threads.submit(() -> db.inBackgroundSlice(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO t VALUES ('slice 2')");
            }
        }));
        await(() -> db.writeGate().stats().slicesDeferred() == 1, "the second slice is held back");
        // Far past the share interval: still the request's turn, not the second slice's.
        Thread.sleep(WriteGate.DEFAULT_SHARE_EVERY.multipliedBy(4).toMillis());
        releaseFirst.countDown();
        first.get(10, TimeUnit.SECONDS);
        request.get(10, TimeUnit.SECONDS);
        second.get(10, TimeUnit.SECONDS);

        try (Connection c = db.connection()) {
            assertThat(rowid(c, "request")).isLessThan(rowid(c, "slice 2"));
        }
        assertThat(db.writeGate().stats().slicesDue()).isZero();
        assertThat(db.writeGate().stats().mostSlicesOneWriterWaitedFor()).isEqualTo(1);
    }

    @Test
    void a_background_job_writes_its_transactions_as_slices_and_a_write_past_them_is_counted() throws Exception {
        open(Duration.ofSeconds(5));
        Transactions transactions = new Transactions(db);
        long slicesBefore = db.writeGate().stats().slices();

        db.runAsBackgroundJob("test job", () -> {
            transactions.write("insert a row", c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("INSERT INTO t VALUES ('job in a slice')");
                }
            });
            assertThat(WriteGate.inBackgroundJob()).isTrue();
        });
        assertThat(db.writeGate().stats().slices() - slicesBefore).as("the job's transaction ran as a slice")
                .isEqualTo(1);
        assertThat(db.writeGate().stats().backgroundWritesOutsideSlices()).isZero();

        db.runAsBackgroundJob("bypassing job", () -> insert("job past the slices"));
        assertThat(db.writeGate().stats().backgroundWritesOutsideSlices()).as("a plain insert by a job").isEqualTo(1);

        insert("request");
        transactions.write("a request's transaction", c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO t VALUES ('request')");
            }
        });
        assertThat(WriteGate.inBackgroundJob()).isFalse();
        assertThat(db.writeGate().stats().backgroundWritesOutsideSlices()).as("requests are not jobs").isEqualTo(1);
        assertThat(db.writeGate().stats().slices() - slicesBefore).isEqualTo(1);
    }
}
