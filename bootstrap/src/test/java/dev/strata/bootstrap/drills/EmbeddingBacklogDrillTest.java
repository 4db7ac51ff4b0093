package dev.strata.bootstrap.drills;

import dev.strata.adapters.sqlite.SearchIndexCompaction;
import dev.strata.adapters.sqlite.SqliteBackgroundWrites;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteEmbeddingStateStore;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.adapters.sqlite.SqliteVectorStore;
import dev.strata.adapters.sqlite.WriteGate;
import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.adapters.sqlite.vec.SqliteVectorIndex;
import dev.strata.application.retrieval.EmbeddingSettings;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.domain.chunking.Chunker;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import dev.strata.domain.retrieval.EmbeddingBacklog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Backlog drill (issue: writers never starve behind background work). A bulk import leaves thousands of rows
 * pending; the embedding worker drains them as fast as a fake model allows, with no yielding to requests,
 * while request writers write single memories and the search-index compaction runs over and over. Before the
 * fix the worker held the write lock memory after memory, each for a scan of the vector table, and writers
 * timed out. The verdict is counted by the write gate itself, not timed: no request writer failed, none
 * waited for more than one background transaction, the worker wrote per batch rather than per memory, every
 * compaction succeeded and the backlog drained, every memory with its vectors. A second drill runs the worker as
 * the server does, yielding to requests, and requires the pending count to fall while the writers still write. A
 * third keeps every core busy with requests and requires the worker to take its CPU share behind the backlog.
 */
class EmbeddingBacklogDrillTest {

    private static final Tenant T = Tenant.of("drill");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T09:00:00Z"), ZoneOffset.UTC);
    private static final int BACKLOG = 3_000;
    private static final int WRITERS = 4;
    private static final int WRITES_EACH = 100;
    private static final int BATCH = 32;

    @TempDir
    Path dir;

    /** A model that answers at once: the drill measures the storage, not inference. */
    private static final class InstantModel implements Embedder {
        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return Optional.of(new EmbeddingModelInfo("drill", "instant-16", 16));
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            return texts.stream().map(text -> {
                float[] v = new float[16];
                for (int i = 0; i < text.length(); i++) {
                    v[(text.charAt(i) * 31 + i) & 15] += 1;
                }
                v[0] += 1;
                return new Embedding(v);
            }).toList();
        }
    }

    private static NewMemory memory(String content) {
        return new NewMemory(T, Category.OBSERVATION, content, Metadata.EMPTY, Source.AGENT_RECORDED);
    }

    @Test
    void request_writers_never_fail_nor_wait_for_more_than_one_background_transaction_while_a_backlog_drains()
            throws Exception {
        SqliteVecExtension vec = vec();
        // A busy timeout of one second: the writers in the reproduction waited twelve.
        SqliteSettings settings = settings(Duration.ofSeconds(1));
        ExecutorService threads = Executors.newCachedThreadPool();
        try (SqliteDatabase db = SqliteDatabase.open(dir.resolve("strata.db"), settings, CLOCK, vec)) {
            SqliteMemoryStore memories = new SqliteMemoryStore(db);
            SqliteVectorStore vectors = SqliteVectorStore.open(db, vec, 16).orElseThrow();
            SqliteEmbeddingStateStore states = new SqliteEmbeddingStateStore(db);
            importBacklog(memories);
            assertThat(states.backlog().pending()).isEqualTo(BACKLOG);
            WriteGate.Stats before = db.writeGate().stats();

            EmbeddingWorker worker = new EmbeddingWorker(new InstantModel(), vectors, states,
                    new SqliteBackgroundWrites(db), new EmbeddingSettings(10_000, BATCH, 3, Chunker.defaults(),
                            EmbeddingSettings.Yield.OFF));
            SearchIndexCompaction compaction = new SearchIndexCompaction(db, 10);
            AtomicBoolean draining = new AtomicBoolean(true);
            AtomicInteger compactions = new AtomicInteger();
            AtomicInteger compactionFailures = new AtomicInteger();
            AtomicInteger compactionSlices = new AtomicInteger();
            AtomicInteger writeFailures = new AtomicInteger();
            try {
                worker.catchUp();
                worker.start();
                Future<?> compactor = threads.submit(() -> {
                    while (draining.get()) {
                        try {
                            // Each index takes its merge steps plus the last step that finds nothing to do.
                            compaction.compact().forEach(c -> compactionSlices.addAndGet(c.steps() + 1));
                        } catch (RuntimeException e) {
                            compactionFailures.incrementAndGet();
                        }
                        compactions.incrementAndGet();
                        try {
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    writers.add(threads.submit(() -> {
                        for (int i = 0; i < WRITES_EACH; i++) {
                            try {
                                // One write each, as a request makes it; the worker embeds it after the backlog.
                                memories.insert(memory("writer " + writer + " note " + i + " on ETH gas fees"),
                                        CLOCK.instant());
                            } catch (RuntimeException e) {
                                writeFailures.incrementAndGet();
                            }
                        }
                    }));
                }
                for (Future<?> f : writers) {
                    f.get(120, TimeUnit.SECONDS);
                }
                worker.catchUp();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                EmbeddingBacklog backlog = states.backlog();
                while ((backlog.pending() > 0 || worker.queued() > 0) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                    if (worker.queued() == 0) {
                        worker.catchUp();
                    }
                    backlog = states.backlog();
                }
                draining.set(false);
                compactor.get(60, TimeUnit.SECONDS);

                WriteGate.Stats gate = db.writeGate().stats();
                System.err.println("drill: " + gate + ", compactions " + compactions.get() + " ("
                        + compactionSlices.get() + " slices)");
                int written = BACKLOG + WRITERS * WRITES_EACH;
                assertThat(writeFailures.get()).as("request writes that failed").isZero();
                assertThat(gate.foregroundTimeouts()).as("request writes that timed out").isZero();
                assertThat(gate.mostSlicesOneWriterWaitedFor()).as("the most background transactions one request "
                        + "writer waited for: %s", gate).isLessThanOrEqualTo(1);
                assertThat(compactions.get()).as("compactions run").isPositive();
                assertThat(compactionFailures.get()).as("compactions that failed").isZero();
                assertThat(backlog.pending()).as("the backlog drained").isZero();
                assertThat(backlog.failed()).isZero();
                assertThat(count(db, "SELECT count(*) FROM memories WHERE embedding_state = 'embedded'"))
                        .isEqualTo(written);
                assertThat(count(db, "SELECT count(*) FROM " + SqliteVectorIndex.DEFAULT_TABLE)).as("one vector per memory")
                        .isEqualTo(written);
                long embeddingSlices = gate.slices() - before.slices() - compactionSlices.get();
                assertThat(embeddingSlices).as("background transactions: per batch of %d, not per memory", BATCH)
                        .isLessThan(written / 4);
            } finally {
                draining.set(false);
                worker.close();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** A model that takes a little time per text, as a real one does, without taking the CPU. */
    private static final class SlowishModel implements Embedder {
        private final InstantModel vectors = new InstantModel();

        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return vectors.modelInfo();
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            try {
                Thread.sleep(Duration.ofNanos(100_000L * texts.size()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
            return vectors.embed(texts, purpose);
        }
    }

    /**
     * The backlog must drain while clients write, not only after they stop. The worker runs as the server's
     * does, yielding to requests (quiet 250 ms, at most 2 s, a minimum share of half its time), while four
     * request writers write, each a couple of milliseconds apart, long enough for the yielding alone to hold every batch back; they
     * stop as soon as one of them sees, between two of its writes, that the pending count has fallen to two
     * thirds of the imported backlog, or after 2,500 writes each. Before the minimum share the worker embedded
     * one batch per two seconds under such writers and the pending count only grew.
     */
    @Test
    void the_backlog_shrinks_while_request_writers_keep_writing() throws Exception {
        SqliteVecExtension vec = vec();
        SqliteSettings settings = settings(Duration.ofSeconds(5));
        ExecutorService threads = Executors.newCachedThreadPool();
        try (SqliteDatabase db = SqliteDatabase.open(dir.resolve("strata.db"), settings, CLOCK, vec)) {
            SqliteMemoryStore memories = new SqliteMemoryStore(db);
            SqliteVectorStore vectors = SqliteVectorStore.open(db, vec, 16).orElseThrow();
            SqliteEmbeddingStateStore states = new SqliteEmbeddingStateStore(db);
            importBacklog(memories);
            // Every request write adds a pending row too, so the count falls only as fast as the worker out-embeds
            // four writers: a tenth below the import is a clear fall (the starved worker never got below the import,
            // 3000+), while two thirds depended on the machine's speed (2216 in one full-suite run).
            long target = BACKLOG * 9L / 10;
            EmbeddingWorker worker = new EmbeddingWorker(new SlowishModel(), vectors, states,
                    new SqliteBackgroundWrites(db), new EmbeddingSettings(10_000, BATCH, 3, Chunker.defaults(),
                            EmbeddingSettings.Yield.DEFAULT));
            AtomicBoolean stop = new AtomicBoolean(false);
            AtomicInteger writes = new AtomicInteger();
            AtomicInteger writeFailures = new AtomicInteger();
            java.util.concurrent.atomic.AtomicLong lowestSeenWhileWriting =
                    new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
            try {
                worker.catchUp();
                worker.start();
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    writers.add(threads.submit(() -> {
                        for (int i = 0; i < 2_500 && !stop.get(); i++) {
                            try {
                                memories.insert(memory("writer " + writer + " note " + i + " on ETH gas fees"),
                                        CLOCK.instant());
                                writes.incrementAndGet();
                            } catch (RuntimeException e) {
                                writeFailures.incrementAndGet();
                            }
                            // What the server's write path tells the worker: a request has just been served.
                            worker.onSearched();
                            try {
                                // A client's round trip between two requests: far shorter than the quiet period.
                                Thread.sleep(2);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                return;
                            }
                            if (i % 10 == 9) {
                                long pending = states.backlog().pending();
                                lowestSeenWhileWriting.accumulateAndGet(pending, Math::min);
                                if (pending <= target) {
                                    stop.set(true);
                                }
                            }
                        }
                    }));
                }
                for (Future<?> f : writers) {
                    f.get(300, TimeUnit.SECONDS);
                }
                WriteGate.Stats gate = db.writeGate().stats();
                System.err.println("drill (writers running): " + writes.get() + " writes, lowest pending seen "
                        + lowestSeenWhileWriting.get() + ", " + gate);
                assertThat(writeFailures.get()).as("request writes that failed").isZero();
                assertThat(lowestSeenWhileWriting.get()).as("the pending count a writer saw between its writes, "
                        + "after %d writes (%d imported; %s)", writes.get(), BACKLOG, gate).isLessThanOrEqualTo(target);
                assertThat(gate.mostSlicesOneWriterWaitedFor()).isLessThanOrEqualTo(1);
                assertThat(gate.foregroundTimeouts()).isZero();
            } finally {
                worker.close();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * A model that costs a fixed amount of CPU per text, as an in-process one does: it computes until its own
     * thread has used that much CPU, however long the machine makes it wait.
     */
    private static final class CpuBoundModel implements Embedder {
        private static final long CPU_NANOS_PER_TEXT = 300_000;
        private final InstantModel vectors = new InstantModel();
        private final java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();

        @Override
        public Optional<EmbeddingModelInfo> modelInfo() {
            return vectors.modelInfo();
        }

        @Override
        public boolean computesInProcess() {
            return true;
        }

        @Override
        public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
            long until = cpu.getCurrentThreadCpuTime() + CPU_NANOS_PER_TEXT * texts.size();
            while (cpu.getCurrentThreadCpuTime() < until) {
                Thread.onSpinWait();
            }
            return vectors.embed(texts, purpose);
        }
    }

    /**
     * Behind a backlog the worker takes its share of the CPU from requests that keep every core busy. Request
     * threads (two per core) compute without pause and write a memory now and then; the worker's share engages at
     * 1,000 pending rows with 40% of the cores. It must add threads (one thread among a crowd of busy ones gets
     * far less than 40%; with the share off it stays on one and this test fails) and the pending count must fall
     * below two thirds of the import while the requests still run.
     */
    @Test
    void behind_a_backlog_the_worker_takes_its_cpu_share_from_busy_requests() throws Exception {
        SqliteVecExtension vec = vec();
        SqliteSettings settings = settings(Duration.ofSeconds(5));
        int requests = 2 * Runtime.getRuntime().availableProcessors();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (SqliteDatabase db = SqliteDatabase.open(dir.resolve("strata.db"), settings, CLOCK, vec)) {
            SqliteMemoryStore memories = new SqliteMemoryStore(db);
            SqliteVectorStore vectors = SqliteVectorStore.open(db, vec, 16).orElseThrow();
            SqliteEmbeddingStateStore states = new SqliteEmbeddingStateStore(db);
            importBacklog(memories);
            long target = BACKLOG * 2L / 3;
            EmbeddingWorker worker = new EmbeddingWorker(new CpuBoundModel(), vectors, states,
                    new SqliteBackgroundWrites(db), new EmbeddingSettings(10_000, BATCH, 3, Chunker.defaults(),
                            EmbeddingSettings.Yield.DEFAULT)
                            .withBacklogShare(new EmbeddingSettings.BacklogShare(1_000, 40)));
            AtomicBoolean stop = new AtomicBoolean(false);
            AtomicInteger writeFailures = new AtomicInteger();
            java.util.concurrent.atomic.AtomicLong lowestSeenWhileBusy =
                    new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
            try {
                worker.catchUp();
                worker.start();
                List<Future<?>> busy = new ArrayList<>();
                for (int r = 0; r < requests; r++) {
                    int request = r;
                    busy.add(threads.submit(() -> {
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                        for (int i = 0; !stop.get() && System.nanoTime() < deadline; i++) {
                            // A request's CPU: 20 ms of computing, then a write, as the server's requests do.
                            long until = System.nanoTime() + 20_000_000;
                            while (System.nanoTime() < until) {
                                Thread.onSpinWait();
                            }
                            try {
                                memories.insert(memory("request " + request + " note " + i + " on ETH gas fees"),
                                        CLOCK.instant());
                            } catch (RuntimeException e) {
                                writeFailures.incrementAndGet();
                            }
                            worker.onSearched();
                            if (request == 0 && i % 5 == 4) {
                                long pending = states.backlog().pending();
                                lowestSeenWhileBusy.accumulateAndGet(pending, Math::min);
                                if (pending <= target) {
                                    stop.set(true);
                                }
                            }
                        }
                    }));
                }
                for (Future<?> f : busy) {
                    f.get(120, TimeUnit.SECONDS);
                }
                EmbeddingWorker.ShareStats share = worker.shareStats();
                System.err.println("drill (busy requests): " + requests + " request threads, lowest pending seen "
                        + lowestSeenWhileBusy.get() + ", " + share);
                assertThat(writeFailures.get()).as("request writes that failed").isZero();
                assertThat(share.batches()).as("batches under the share").isPositive();
                assertThat(share.mostThreads()).as("the worker added threads to get its share: %s", share)
                        .isGreaterThan(1);
                assertThat(lowestSeenWhileBusy.get()).as("the pending count while the requests ran (%d imported)",
                        BACKLOG).isLessThanOrEqualTo(target);
            } finally {
                stop.set(true);
                worker.close();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private SqliteVecExtension vec() {
        SqliteVecExtension vec = SqliteVecExtension.bundled(dir.resolve("lib"));
        assertThat(vec.isAvailable()).as("sqlite-vec must load here: %s", vec.unavailableReason()).isTrue();
        return vec;
    }

    private static SqliteSettings settings(Duration busyTimeout) {
        return new SqliteSettings(8, busyTimeout, SQLiteConfig.SynchronousMode.NORMAL,
                SqliteMemoryStore.DEFAULT_KEYWORD_CANDIDATES, Duration.ZERO, 10);
    }

    /** The bulk import the drills start from: {@value #BACKLOG} memories pending, in batches of 500. */
    private static void importBacklog(SqliteMemoryStore memories) {
        for (int done = 0; done < BACKLOG; done += 500) {
            List<NewMemory> batch = new ArrayList<>();
            for (int i = done; i < done + 500; i++) {
                batch.add(memory("imported memory " + i + " about stop losses on BTC and slippage " + i * 7));
            }
            memories.insertAll(batch, CLOCK.instant());
        }
    }

    private static long count(SqliteDatabase db, String sql) throws Exception {
        try (Connection c = db.connection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }
}
