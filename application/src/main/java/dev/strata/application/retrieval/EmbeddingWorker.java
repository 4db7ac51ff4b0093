package dev.strata.application.retrieval;

import dev.strata.domain.safety.InjectionFlags;

import dev.strata.application.memory.MemoryListener;
import dev.strata.application.memory.MemoryWritten;
import dev.strata.domain.chunking.TextChunk;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.model.Embedder;
import dev.strata.domain.model.Embedding;
import dev.strata.domain.model.EmbeddingModelInfo;
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
import java.util.function.LongConsumer;

/**
 * Embeds memories after their write has committed (spec 01: the write path never waits for a
 * model). {@link #onWritten} only offers the memory to a bounded queue; one worker thread drains
 * it in batches, splits long contents into chunks, takes vectors from the cache keyed by
 * (content hash, model) or from the embedder, stores them in the vector index and records the
 * row's {@code embedding_state}. Before each batch it gives way to requests (writes and searches) while
 * they keep arriving, for a bounded time ({@link ForegroundYield}).
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

    private final Embedder embedder;
    private final VectorStore index;
    private final EmbeddingStateStore states;
    private final EmbeddingSettings settings;
    private final long stopGraceMillis;
    private final EmbeddingQueue queue;
    private final EmbeddingCatchUp catchUp;
    private final ForegroundYield foregroundYield;
    private final Object lifecycle = new Object();
    private Thread thread;
    private volatile boolean running;
    /** Set by {@link #close}: a batch still waiting for its turn is then left pending. */
    private volatile boolean stopping;
    private volatile boolean warnedFull;

    public EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states,
                           EmbeddingSettings settings) {
        this(embedder, index, states, settings, STOP_GRACE_MILLIS);
    }

    /** With another stop grace: tests shorten it. */
    EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states, EmbeddingSettings settings,
                    long stopGraceMillis) {
        this(embedder, index, states, settings, stopGraceMillis, ForegroundYield.of(settings.yield()));
    }

    /** With another way of yielding to requests: tests run it on a fake clock. */
    EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states, EmbeddingSettings settings,
                    long stopGraceMillis, ForegroundYield foregroundYield) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.index = Objects.requireNonNull(index, "index");
        this.states = Objects.requireNonNull(states, "states");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.stopGraceMillis = stopGraceMillis;
        this.foregroundYield = Objects.requireNonNull(foregroundYield, "foregroundYield");
        this.queue = new EmbeddingQueue(settings.queueCapacity());
        this.catchUp = new EmbeddingCatchUp(states, queue, settings.batchSize());
        if (!embedder.isEnabled()) {
            throw new IllegalArgumentException("the embedding worker needs an enabled embedder");
        }
    }

    /** Starts the one worker thread; calling it twice is harmless. */
    public void start() {
        synchronized (lifecycle) {
            if (thread != null) {
                return;
            }
            running = true;
            thread = Thread.ofPlatform().name("strata-embedding").daemon().start(this::drainLoop);
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

    /** Rows waiting in the in-memory queues. */
    public int queued() {
        return queue.size();
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
        for (PendingEmbedding row : batch) {
            String text = row.content().strip();
            // Too short to mean anything, or flagged as possible prompt injection: never sent to a model.
            if (text.length() < settings.minChars() || !InjectionFlags.of(text).isEmpty()) {
                mark(row, EmbeddingState.SKIPPED);
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
        if (!missing.isEmpty()) {
            List<Embedding> fresh;
            try {
                fresh = embedder.embedDocuments(missing);
            } catch (RuntimeException e) {
                if (stopping()) {
                    LOG.log(System.Logger.Level.INFO, "stopped while embedding " + chunked.size()
                            + " rows; they stay pending");
                    return;
                }
                LOG.log(System.Logger.Level.WARNING, "embedding " + missing.size() + " chunks failed ("
                        + e.getMessage() + "); the rows are marked failed, the next catch-up retries them");
                chunked.keySet().forEach(row -> mark(row, EmbeddingState.FAILED));
                return;
            }
            for (int i = 0; i < missing.size(); i++) {
                String hash = hash(missing.get(i));
                vectors.put(hash, fresh.get(i));
                states.cache(hash, model.modelId(), fresh.get(i));
            }
        }
        for (Map.Entry<PendingEmbedding, List<String>> entry : chunked.entrySet()) {
            PendingEmbedding row = entry.getKey();
            try {
                index.replace(row.tenant(), row.memory(), entry.getValue().stream().map(c -> vectors.get(hash(c)))
                        .toList());
                mark(row, EmbeddingState.EMBEDDED);
            } catch (RuntimeException e) {
                if (stopping()) {
                    return;
                }
                LOG.log(System.Logger.Level.WARNING, "storing the vectors of memory " + row.memory() + " failed", e);
                mark(row, EmbeddingState.FAILED);
            }
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
            if (!batch.isEmpty() && foregroundYield.awaitTurn(() -> stopping)) {
                queue.fill(batch, settings.batchSize());
                embedBatch(batch);
            }
        } finally {
            queue.done(batch);
        }
        return batch.size();
    }

    private void mark(PendingEmbedding row, EmbeddingState state) {
        try {
            states.mark(row.tenant(), row.memory(), state);
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
        queue.clear();
    }
}
