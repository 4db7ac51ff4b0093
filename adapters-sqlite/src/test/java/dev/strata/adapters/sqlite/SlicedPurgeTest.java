package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.PurgedMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The maintenance purges (soft-deleted memories, expired sessions, expired Idempotency-Keys, old prices) run as background
 * work: in slices through the write gate, so a request writer that arrives while a large purge is in progress
 * commits between two slices instead of waiting for the whole job, and the purge still removes every row in one
 * call. A request writer here records, inside its own transaction, how many expired rows are still there: a
 * value strictly between "all" and "none" is a request write committed while the purge was half done, which a
 * purge in one transaction can never show.
 */
class SlicedPurgeTest {

    private static final Instant T0 = TempDatabase.CLOCK.instant();
    private static final int ROWS = 1_000;
    private static final int SLICE = 25;
    /** How often a purge is run again before the test gives up on seeing a request write commit midway. */
    private static final int ATTEMPTS = 5;

    @TempDir
    Path dir;
    private SqliteDatabase db;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    private SqliteDatabase open() {
        // A short busy timeout: a request writer stuck behind the whole purge would fail, not just be slow.
        db = SqliteDatabase.open(dir.resolve("strata.db"), new SqliteSettings(8, Duration.ofSeconds(2),
                SQLiteConfig.SynchronousMode.NORMAL, SqliteMemoryStore.DEFAULT_KEYWORD_CANDIDATES, Duration.ZERO, 10),
                TempDatabase.CLOCK);
        TempDatabase.execute(db, "CREATE TABLE seen (remaining INTEGER NOT NULL)");
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

    /** What a purge did, seen from the gate and from a request writer writing all along. */
    private record Run(int purged, List<Long> remainingSeenByWrites, long slices, WriteGate.Stats stats) {

        boolean aWriteCommittedMidway() {
            return remainingSeenByWrites.stream().anyMatch(n -> n > 0 && n < ROWS);
        }
    }

    /**
     * Runs {@code purge} while one request writer keeps writing (each write its own transaction, recording how
     * many rows {@code countExpired} still finds).
     */
    private Run purgeWhileWriting(String countExpired, Supplier<Integer> purge) throws Exception {
        Transactions requests = new Transactions(db);
        AtomicBoolean done = new AtomicBoolean();
        List<Long> seen = new CopyOnWriteArrayList<>();
        long slicesBefore = db.writeGate().stats().slices();
        Future<?> writer = threads.submit(() -> {
            while (!done.get()) {
                seen.add(requests.write("record what is left", c -> {
                    Jdbc.update(c, "INSERT INTO seen SELECT (" + countExpired + ")");
                    return Jdbc.firstLong(c, "SELECT remaining FROM seen WHERE rowid = last_insert_rowid()", List.of())
                            .orElseThrow();
                }));
                Thread.sleep(1);
            }
            return null;
        });
        int purged;
        try {
            while (seen.isEmpty()) {
                Thread.sleep(1); // the writer is writing before the purge begins
            }
            purged = purge.get();
        } finally {
            done.set(true);
        }
        writer.get(60, TimeUnit.SECONDS);
        WriteGate.Stats stats = db.writeGate().stats();
        return new Run(purged, new ArrayList<>(seen), stats.slices() - slicesBefore, stats);
    }

    /**
     * {@link #purgeWhileWriting} until a request write commits midway, at most {@value #ATTEMPTS} times, each over
     * rows {@code seed} puts back. A purge in one transaction can never show a midway count (a reader sees all
     * rows or none), so the retries cost the check nothing; they absorb a writer thread the machine did not
     * schedule for the whole of a fast purge (seen once under a loaded CI machine: [1000, 0]).
     */
    private Run purgeInterleaved(Runnable seed, String countExpired, Supplier<Integer> purge) throws Exception {
        Run run = null;
        for (int attempt = 0; attempt < ATTEMPTS && (run == null || !run.aWriteCommittedMidway()); attempt++) {
            seed.run();
            run = purgeWhileWriting(countExpired, purge);
        }
        return run;
    }

    private static void assertSliced(Run run) {
        assertThat(run.purged()).isEqualTo(ROWS);
        assertThat(run.slices()).as("background slices of at most " + SLICE + " rows")
                .isGreaterThanOrEqualTo(ROWS / SLICE);
        assertThat(run.aWriteCommittedMidway()).as("a request write committed while the purge was in progress; "
                + "expired rows each write saw: " + run.remainingSeenByWrites()).isTrue();
        assertThat(run.stats().foregroundTimeouts()).isZero();
        assertThat(run.stats().mostSlicesOneWriterWaitedFor()).isLessThanOrEqualTo(1);
    }

    @Test
    void the_soft_delete_purge_runs_in_slices_a_request_writer_commits_between_and_every_row_goes() throws Exception {
        open();
        SqliteMemoryStore memories = new SqliteMemoryStore(db, SqliteMemoryStore.DEFAULT_KEYWORD_CANDIDATES, SLICE);
        memories.insert(new NewMemory(Tenant.DEFAULT, Category.OBSERVATION, "kept note", Metadata.EMPTY,
                Source.INFERRED), T0);
        Runnable seed = () -> {
            List<NewMemory> rows = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                rows.add(new NewMemory(i % 2 == 0 ? Tenant.DEFAULT : Tenant.of("other"), Category.OBSERVATION,
                        "deleted note number " + i + " about ETH", Metadata.EMPTY, Source.INFERRED));
            }
            memories.insertAll(rows, T0);
            TempDatabase.execute(db, "UPDATE memories SET deleted_at = '2026-01-01T00:00:00.000Z' "
                    + "WHERE content LIKE 'deleted%'");
        };

        List<PurgedMemory> purged = new ArrayList<>();
        Run run = purgeInterleaved(seed, "SELECT COUNT(*) FROM memories WHERE deleted_at IS NOT NULL", () -> {
            purged.clear();
            purged.addAll(memories.purgeDeleted(T0.plusSeconds(1)));
            return purged.size();
        });

        assertSliced(run);
        assertThat(purged).extracting(PurgedMemory::tenant).containsOnly(Tenant.DEFAULT, Tenant.of("other"));
        assertThat(purged).extracting(p -> p.id().value()).doesNotHaveDuplicates();
        assertThat(TempDatabase.column(db, "SELECT content FROM memories")).containsExactly("kept note");
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM memories_fts WHERE memories_fts MATCH 'deleted'"))
                .containsExactly("0");
    }

    @Test
    void the_session_purge_runs_in_slices_a_request_writer_commits_between_and_every_expired_session_goes()
            throws Exception {
        open();
        Runnable seed = () -> TempDatabase.execute(db, """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
                INSERT INTO sessions (id, tenant, created_at, expires_at, identity, blocks, notices, prompt)
                SELECT 'expired-' || i, 'default', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '{}', '[]',
                       '[]', 'a frozen prompt' FROM n""".formatted(ROWS));
        TempDatabase.execute(db, "INSERT INTO sessions (id, tenant, created_at, expires_at, identity, blocks, notices, "
                + "prompt) VALUES ('live', 'default', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '{}', "
                + "'[]', '[]', 'p')");
        SqliteSessionStore sessions = new SqliteSessionStore(db, SLICE);

        Run run = purgeInterleaved(seed, "SELECT COUNT(*) FROM sessions WHERE id LIKE 'expired-%'",
                () -> sessions.purgeExpired(T0.plusSeconds(1)));

        assertSliced(run);
        assertThat(TempDatabase.column(db, "SELECT id FROM sessions")).containsExactly("live");
    }

    @Test
    void the_idempotency_key_purge_runs_in_slices_and_removes_every_expired_key() throws Exception {
        open();
        TempDatabase.execute(db, """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
                INSERT INTO idempotency_keys (tenant, key, fingerprint, state, claimed_at)
                SELECT 't' || (i %% 3), 'k' || i, 'f', 'answered', '2026-01-01T00:00:00.000Z' FROM n""".formatted(ROWS));
        TempDatabase.execute(db, "INSERT INTO idempotency_keys (tenant, key, fingerprint, state, claimed_at) "
                + "VALUES ('t0', 'fresh', 'f', 'pending', '2026-01-02T00:00:00.000Z')");
        long slicesBefore = db.writeGate().stats().slices();

        int purged = new SqliteIdempotencyStore(db).purgeClaimedBefore(T0.plusSeconds(1));

        assertThat(purged).isEqualTo(ROWS);
        assertThat(db.writeGate().stats().slices() - slicesBefore).isGreaterThanOrEqualTo(ROWS / SlicedPurge.DEFAULT_ROWS);
        assertThat(TempDatabase.column(db, "SELECT key FROM idempotency_keys")).containsExactly("fresh");
    }

    @Test
    void the_price_purge_runs_in_slices_and_removes_every_old_price() {
        open();
        TempDatabase.execute(db, """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
                INSERT INTO price_points (tenant, asset, at, source, price)
                SELECT 't', 'ETH', printf('2025-01-01T00:00:%%02d.%%03dZ', i / 1000, i %% 1000), 'feed', '3200' FROM n"""
                .formatted(ROWS));
        TempDatabase.execute(db, "INSERT INTO price_points (tenant, asset, at, source, price) "
                + "VALUES ('t', 'ETH', '2026-01-02T00:00:00.000Z', 'feed', '3300')");
        long slicesBefore = db.writeGate().stats().slices();

        int purged = new SqlitePricePointStore(db).purgeBefore(T0);

        assertThat(purged).isEqualTo(ROWS);
        assertThat(db.writeGate().stats().slices() - slicesBefore).isGreaterThanOrEqualTo(ROWS / SlicedPurge.DEFAULT_ROWS);
        assertThat(TempDatabase.column(db, "SELECT price FROM price_points")).containsExactly("3300");
    }

    @Test
    void a_failing_slice_after_others_keeps_what_they_removed_and_a_failing_first_slice_is_thrown() {
        open();
        TempDatabase.execute(db, "CREATE TABLE junk (n INTEGER)");
        TempDatabase.execute(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) "
                + "INSERT INTO junk SELECT i FROM n");
        int[] calls = {0};
        List<Long> removed = SlicedPurge.run(db, "purge junk", 3, (c, limit) -> {
            if (++calls[0] == 3) {
                throw new SQLException("disk I/O error");
            }
            return Jdbc.list(c, "DELETE FROM junk WHERE n IN (SELECT n FROM junk ORDER BY n LIMIT ?) RETURNING n",
                    List.of(limit), r -> r.getLong(1));
        });

        assertThat(removed).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(TempDatabase.column(db, "SELECT COUNT(*) FROM junk")).containsExactly("4");
        assertThatThrownBy(() -> SlicedPurge.run(db, "purge junk", 3, (c, limit) -> {
            throw new SQLException("disk I/O error");
        })).hasMessageContaining("could not purge junk").hasMessageContaining("disk I/O error");
    }
}
