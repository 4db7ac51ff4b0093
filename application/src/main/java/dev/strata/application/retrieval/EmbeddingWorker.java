package dev.strata.application.retrieval;

import dev.strata.domain.safety.InjectionFlags;

import dev.strata.application.memory.MemoryListener;
import dev.strata.application.memory.MemoryWritten;
import dev.strata.domain.chunking.TextChunk;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.retrieval.BackgroundWrites;
import dev.strata.domain.retrieval.EmbeddingBacklog;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.EmbeddingStateStore;
import dev.strata.domain.retrieval.PendingEmbedding;
import dev.strata.domain.retrieval.VectorStore;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.LongConsumer;

/**
 * Embeds memories after their write has committed (spec 01: the write path never waits for a
 * model). {@link #onWritten} only offers the memory to a bounded queue; one worker thread drains
 * it in batches, splits long contents into chunks, takes vectors from the cache keyed by
 * (content hash, model) or from the embedder, stores them in the vector index and records the
 * row's {@code embedding_state}. Before each batch it gives way to requests (writes and searches) while
 * they keep arriving, for a bounded time ({@link ForegroundYield}): that is about the CPU the model takes.
 *
 * <p>The write lock is a separate matter: everything a batch writes (its new cache entries, each row's
 * vectors and its state) goes into one short {@link BackgroundWrites#slice slice}, a single transaction
 * that the storage begins only while no request writer waits, and that a request waits for at most once.
 * The model is never called inside it. A batch therefore takes the write lock once, for milliseconds
 * (vectors are replaced by row id, never by a scan), instead of once per memory back to back, which had
 * request writers time out behind a large backlog. When the batch's slice fails, its rows are stored one
 * slice each, so that one bad row is marked failed without failing the others.
 *
 * <p>Behind a large backlog the worker neither yields nor stays on one thread: {@link BacklogShare} gives it
 * a share of the machine's CPU, computing a batch on several threads when requests keep the cores busy, so
 * that the backlog drains while clients write.
 *
 * <p>A full queue, a stop or a crash leaves rows {@code pending}, and a model failure leaves them
 * {@code failed}; {@link #catchUp} (at server start and on a schedule) queues them again on a
 * backlog the worker serves after fresh writes, and {@link #reindex} (the
 * {@code strata reindex} command) embeds them synchronously. A row is marked {@code embedded} only
 * after its vectors are stored; a stop never marks a row it did not finish.
 */
public final class EmbeddingWorker implements MemoryListener, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EmbeddingWorker.class.getName());
    private static final List<EmbeddingState> RETRYABLE = EmbeddingCatchUp.RETRYABLE;
    /** How long a stop waits for the batch in flight before interrupting it (its rows then stay pending). */
    static final long STOP_GRACE_MILLIS = 10_000;
    private static final long IDLE_POLL_MILLIS = 200;
    /** The backlog share computes a batch on at most this many threads per core. */
    static final int MAX_THREADS_PER_CORE = 4;

    private final Embedder embedder;
    private final VectorStore index;
    private final EmbeddingStateStore states;
    private final BackgroundWrites writes;
    private final EmbeddingSettings settings;
    private final long stopGraceMillis;
    private final EmbeddingQueue queue;
    private final EmbeddingCatchUp catchUp;
    private final ForegroundYield foregroundYield;
    private final BacklogShare share;
    private final SplitEmbedding split;
    private volatile ThreadFactory threads = work -> Thread.ofPlatform().name("strata-embedding").daemon().unstarted(work);
    private final Object lifecycle = new Object();
    private Thread thread;
    private volatile boolean running;
    /** Set by {@link #close}: a batch still waiting for its turn is then left pending. */
    private volatile boolean stopping;
    private volatile boolean warnedFull;
    /** How long the model computed for the batch in flight (worker thread only). */
    private long computeNanos;

    /** Writing without transactions of its own: for stores that have none (in-memory fakes). */
    public EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states,
                           EmbeddingSettings settings) {
        this(embedder, index, states, BackgroundWrites.DIRECT, settings);
    }

    /** @param writes runs each batch's writes as one short transaction that gives way to requests */
    public EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states, BackgroundWrites writes,
                           EmbeddingSettings settings) {
        this(embedder, index, states, writes, settings, STOP_GRACE_MILLIS, ForegroundYield.of(settings.yield()));
    }

    /** With another stop grace: tests shorten it. */
    EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states, EmbeddingSettings settings,
                    long stopGraceMillis) {
        this(embedder, index, states, BackgroundWrites.DIRECT, settings, stopGraceMillis,
                ForegroundYield.of(settings.yield()));
    }

    /** With another way of yielding to requests: tests run it on a fake clock. */
    EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states, EmbeddingSettings settings,
                    long stopGraceMillis, ForegroundYield foregroundYield) {
        this(embedder, index, states, BackgroundWrites.DIRECT, settings, stopGraceMillis, foregroundYield);
    }

    EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states, BackgroundWrites writes,
                    EmbeddingSettings settings, long stopGraceMillis, ForegroundYield foregroundYield) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.index = Objects.requireNonNull(index, "index");
        this.states = Objects.requireNonNull(states, "states");
        this.writes = Objects.requireNonNull(writes, "writes");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.stopGraceMillis = stopGraceMillis;
        this.foregroundYield = Objects.requireNonNull(foregroundYield, "foregroundYield");
        this.queue = new EmbeddingQueue(settings.queueCapacity());
        this.catchUp = new EmbeddingCatchUp(states, queue, settings.batchSize());
        int cores = Runtime.getRuntime().availableProcessors();
        // A remote model's batch stays one request: only a model computing on these cores is spread over threads.
        this.share = new BacklogShare(settings.backlogShare(), cores, embedder.computesInProcess()
                ? Math.min(settings.batchSize(), MAX_THREADS_PER_CORE * cores) : 1, () -> states.backlog().pending(),
                foregroundYield::now);
        this.split = new SplitEmbedding(embedder, share, foregroundYield::now, () -> threads);
        if (!embedder.isEnabled()) {
            throw new IllegalArgumentException("the embedding worker needs an enabled embedder");
        }
    }

    /**
     * Makes the worker thread with {@code factory} (before {@link #start}): the server's runs at a lower CPU
     * priority than request threads, so that computing vectors never slows requests down beyond the yielding
     * between batches ({@link ForegroundYield} decides when a batch starts, not how the CPU is shared while it
     * runs).
     */
    public EmbeddingWorker runOn(ThreadFactory factory) {
        synchronized (lifecycle) {
            if (thread != null) {
                throw new IllegalStateException("the worker has started");
            }
            threads = Objects.requireNonNull(factory, "factory");
        }
        return this;
    }

    /** Starts the one worker thread; calling it twice is harmless. */
    public void start() {
        synchronized (lifecycle) {
            if (thread != null) {
                return;
            }
            running = true;
            thread = threads.newThread(this::drainLoop);
            thread.start();
        }
    }

    /**
     * A search has started: the next batch waits for requests to pause like it does for writes, so an
     * interactive search does not share the CPU with background embedding more than it must.
     */
    public void onSearched() {
        foregroundYield.requestSeen();
    }

    /** Never blocks and never throws: a full queue leaves the row pending for the catch-up. */
    @Override
    public void onWritten(MemoryWritten event) {
        foregroundYield.requestSeen();
        Memory m = event.memory();
        if (!queue.offerFresh(new PendingEmbedding(m.tenant(), m.id(), m.content())) && !warnedFull) {
            warnedFull = true;
            LOG.log(System.Logger.Level.WARNING, "the embedding queue is full (" + settings.queueCapacity()
                    + "); further rows stay pending until the next embedding catch-up");
        }
    }

    /**
     * The catch-up use case (the scheduled job and server start call it): starts a pass that queues
     * pending and failed rows on the backlog, without blocking and without queueing a row that is
     * already waiting. A pass that fills the backlog is continued by the worker once the backlog has
     * drained; each pass offers a row at most once, so failed rows are retried once per run.
     */
    public CatchUpReport catchUp() {
        return catchUp.startPass();
    }

    /** Threads the next batch is computed on: more than one only under the backlog share. */
    public int threadsPerBatch() {
        return share.parallelism();
    }

    /**
     * Whether the worker's last batch ran under its backlog share (no yielding, several threads when the CPU is
     * busy).
     */
    public boolean behindBacklog() {
        return share.isEngaged();
    }

    /** What the backlog share did: batches computed under it and the most threads one of them took. */
    public record ShareStats(long batches, int mostThreads) {
    }

    public ShareStats shareStats() {
        BacklogShare.Stats s = share.stats();
        return new ShareStats(s.batches(), s.mostThreads());
    }

    /** Rows waiting in the in-memory queues. */
    public int queued() {
        return queue.size();
    }

    /** How far embedding is behind, from the store: what health and metrics report. */
    public EmbeddingBacklog backlog() {
        return states.backlog();
    }

    /**
     * Embeds every pending or failed row (every row with {@code all}), synchronously, in batches.
     *
     * @param progress told after each batch how many rows are done
     * @return how many rows were processed
     */
    public long reindex(boolean all, LongConsumer progress) {
        if (all) {
            states.resetAll();
        }
        long done = 0;
        long after = 0;
        while (true) {
            List<PendingEmbedding> page = states.inStates(RETRYABLE, after, settings.batchSize());
            if (page.isEmpty()) {
                return done;
            }
            embedBatch(page);
            done += page.size();
            after = page.getLast().memory().value();
            progress.accept(done);
        }
    }

    /** How many rows {@link #reindex} would process. */
    public long countToReindex(boolean all) {
        return all ? states.countInStates(List.of(EmbeddingState.values())) : states.countInStates(RETRYABLE);
    }

    /** Embeds one batch now; failures are recorded per row as {@code failed}, never thrown. */
    public void embedBatch(List<PendingEmbedding> batch) {
        EmbeddingModelInfo model = embedder.modelInfo().orElseThrow();
        Map<PendingEmbedding, List<String>> chunked = new LinkedHashMap<>();
        List<PendingEmbedding> skipped = new ArrayList<>();
        for (PendingEmbedding row : batch) {
            String text = row.content().strip();
            // Too short to mean anything, or flagged as possible prompt injection: never sent to a model.
            if (text.length() < settings.minChars() || !InjectionFlags.of(text).isEmpty()) {
                skipped.add(row);
                continue;
            }
            chunked.put(row, settings.chunker().chunk(text).stream().map(TextChunk::text).toList());
        }
        Map<String, Embedding> vectors = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (List<String> chunks : chunked.values()) {
            for (String chunk : chunks) {
                String hash = hash(chunk);
                if (!vectors.containsKey(hash)) {
                    states.cached(hash, model.modelId()).ifPresentOrElse(v -> vectors.put(hash, v), () -> {
                        vectors.put(hash, null);
                        missing.add(chunk);
                    });
                }
            }
        }
        Map<String, Embedding> fresh = new LinkedHashMap<>();
        if (!missing.isEmpty()) {
            List<Embedding> embedded;
            long began = foregroundYield.now();
            try {
                embedded = split.compute(missing);
                computeNanos = foregroundYield.now() - began;
            } catch (RuntimeException e) {
                if (stopping()) {
                    LOG.log(System.Logger.Level.INFO, "stopped while embedding " + chunked.size()
                            + " rows; they stay pending");
                    return;
                }
                LOG.log(System.Logger.Level.WARNING, "embedding " + missing.size() + " chunks failed ("
                        + e.getMessage() + "); the rows are marked failed, the next catch-up retries them");
                markAll(skipped, chunked.keySet());
                return;
            }
            for (int i = 0; i < missing.size(); i++) {
                String hash = hash(missing.get(i));
                vectors.put(hash, embedded.get(i));
                fresh.put(hash, embedded.get(i));
            }
        }
        store(model, skipped, chunked, vectors, fresh);
    }

    /**
     * The batch's writes in one slice: the new cache entries, then each row's vectors and state. A row is
     * marked embedded in the same transaction that stores its vectors, so neither is ever seen without the
     * other.
     */
    private void store(EmbeddingModelInfo model, List<PendingEmbedding> skipped,
                       Map<PendingEmbedding, List<String>> chunked, Map<String, Embedding> vectors,
                       Map<String, Embedding> fresh) {
        try {
            writes.slice(() -> {
                fresh.forEach((hash, vector) -> states.cache(hash, model.modelId(), vector));
                skipped.forEach(row -> states.mark(row.tenant(), row.memory(), EmbeddingState.SKIPPED));
                chunked.forEach((row, chunks) -> {
                    index.replace(row.tenant(), row.memory(), chunks.stream().map(c -> vectors.get(hash(c))).toList());
                    states.mark(row.tenant(), row.memory(), EmbeddingState.EMBEDDED);
                });
            });
            return;
        } catch (RuntimeException e) {
            if (stopping()) {
                return;
            }
            LOG.log(System.Logger.Level.WARNING, "storing a batch of " + (skipped.size() + chunked.size())
                    + " embedded rows failed (" + e.getMessage() + "); storing them one by one");
        }
        storeRowByRow(model, skipped, chunked, vectors, fresh);
    }

    /** After a batch's slice failed: one slice per row, so that only the row at fault is marked failed. */
    private void storeRowByRow(EmbeddingModelInfo model, List<PendingEmbedding> skipped,
                               Map<PendingEmbedding, List<String>> chunked, Map<String, Embedding> vectors,
                               Map<String, Embedding> fresh) {
        try {
            writes.slice(() -> fresh.forEach((hash, vector) -> states.cache(hash, model.modelId(), vector)));
        } catch (RuntimeException e) {
            // Only a cache: the vectors are stored below all the same.
            LOG.log(System.Logger.Level.WARNING, "caching " + fresh.size() + " embeddings failed", e);
        }
        skipped.forEach(row -> mark(row, EmbeddingState.SKIPPED));
        for (Map.Entry<PendingEmbedding, List<String>> entry : chunked.entrySet()) {
            PendingEmbedding row = entry.getKey();
            try {
                writes.slice(() -> {
                    index.replace(row.tenant(), row.memory(), entry.getValue().stream().map(c -> vectors.get(hash(c)))
                            .toList());
                    states.mark(row.tenant(), row.memory(), EmbeddingState.EMBEDDED);
                });
            } catch (RuntimeException e) {
                if (stopping()) {
                    return;
                }
                LOG.log(System.Logger.Level.WARNING, "storing the vectors of memory " + row.memory() + " failed", e);
                mark(row, EmbeddingState.FAILED);
            }
        }
    }

    /** The model failed: the batch's skipped rows are marked skipped and the others failed, in one slice. */
    private void markAll(List<PendingEmbedding> skipped, java.util.Collection<PendingEmbedding> failed) {
        try {
            writes.slice(() -> {
                skipped.forEach(row -> states.mark(row.tenant(), row.memory(), EmbeddingState.SKIPPED));
                failed.forEach(row -> states.mark(row.tenant(), row.memory(), EmbeddingState.FAILED));
            });
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "recording the states of a failed batch failed; its rows stay "
                    + "pending for the next catch-up", e);
        }
    }

    /**
     * Only a stop interrupts the worker thread, and then a failure is the stop's doing, not the
     * model's: the rows stay pending rather than being marked failed.
     */
    private static boolean stopping() {
        return Thread.currentThread().isInterrupted();
    }

    private void drainLoop() {
        while (running) {
            try {
                step(IDLE_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "the embedding worker skipped a batch; its rows stay pending "
                        + "for the next catch-up", e);
            }
        }
    }

    /**
     * One turn of the worker: continues a paused catch-up pass once the backlog has drained (fresh
     * writes still go first), then embeds the next batch, waiting up to {@code waitMillis} for one
     * and then, while requests keep arriving, for its turn ({@link ForegroundYield}). A batch taken when a
     * stop comes during that wait is left pending.
     *
     * @return how many rows the batch held
     */
    int step(long waitMillis) throws InterruptedException {
        if (queue.backlogIsEmpty() && catchUp.isPaused()) {
            catchUp.resume();
        }
        List<PendingEmbedding> batch = new ArrayList<>(queue.nextBatch(settings.batchSize(), waitMillis));
        try {
            // Behind a backlog the share replaces yielding: the worker takes its CPU now, not in the gaps.
            if (!batch.isEmpty() && (share.engaged() ? !stopping : foregroundYield.awaitTurn(() -> stopping))) {
                queue.fill(batch, settings.batchSize());
                computeNanos = 0;
                embedBatch(batch);
                // The model's time only: the wait for the write slice is the requests' time, not the worker's.
                foregroundYield.batchTook(computeNanos);
            }
        } finally {
            queue.done(batch);
        }
        return batch.size();
    }

    private void mark(PendingEmbedding row, EmbeddingState state) {
        try {
            writes.slice(() -> states.mark(row.tenant(), row.memory(), state));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "recording the embedding state of memory " + row.memory()
                    + " failed", e);
        }
    }

    static String hash(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always provides SHA-256", e);
        }
    }

    /**
     * Stops the worker: the batch in flight may finish for {@value #STOP_GRACE_MILLIS} ms (its rows
     * are then embedded); after that it is interrupted and its rows stay {@code pending}. Rows still
     * queued are dropped from memory only: they are {@code pending} in the store, and the catch-up at
     * the next start embeds them.
     */
    @Override
    public void close() {
        Thread t;
        synchronized (lifecycle) {
            running = false;
            stopping = true;
            t = thread;
            thread = null;
        }
        if (t != null) {
            LOG.log(System.Logger.Level.INFO, "embedding worker stopping: finishing the batch in flight; "
                    + queue.size() + " queued rows stay pending");
            try {
                // No interrupt yet: an interrupted model call or connection would abandon a batch that
                // was about to finish.
                t.join(stopGraceMillis);
                if (t.isAlive()) {
                    LOG.log(System.Logger.Level.WARNING, "the batch in flight did not finish within "
                            + stopGraceMillis + " ms; interrupting it, its rows stay pending");
                    t.interrupt();
                    t.join(2_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        split.close();
        queue.clear();
    }
}
