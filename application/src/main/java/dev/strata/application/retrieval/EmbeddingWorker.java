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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * Embeds memories after their write has committed (spec 01: the write path never waits for a
 * model). {@link #onWritten} only offers the memory to a bounded queue; one worker thread drains
 * it in batches, splits long contents into chunks, takes vectors from the cache keyed by
 * (content hash, model) or from the embedder, stores them in the vector index and records the
 * row's {@code embedding_state}. A full queue or a shutdown leaves rows {@code pending}:
 * {@link #reindex} (the {@code strata reindex} command) picks them up.
 */
public final class EmbeddingWorker implements MemoryListener, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EmbeddingWorker.class.getName());
    private static final List<EmbeddingState> RETRYABLE = List.of(EmbeddingState.PENDING, EmbeddingState.FAILED);

    private final Embedder embedder;
    private final VectorStore index;
    private final EmbeddingStateStore states;
    private final EmbeddingSettings settings;
    private final BlockingQueue<PendingEmbedding> queue;
    private final Object lifecycle = new Object();
    private Thread thread;
    private volatile boolean running;
    private volatile boolean warnedFull;

    public EmbeddingWorker(Embedder embedder, VectorStore index, EmbeddingStateStore states,
                           EmbeddingSettings settings) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.index = Objects.requireNonNull(index, "index");
        this.states = Objects.requireNonNull(states, "states");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.queue = new ArrayBlockingQueue<>(settings.queueCapacity());
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

    /** Never blocks and never throws: a full queue leaves the row pending for reindex. */
    @Override
    public void onWritten(MemoryWritten event) {
        Memory m = event.memory();
        if (!queue.offer(new PendingEmbedding(m.tenant(), m.id(), m.content())) && !warnedFull) {
            warnedFull = true;
            LOG.log(System.Logger.Level.WARNING, "the embedding queue is full (" + settings.queueCapacity()
                    + "); further rows stay pending until `strata reindex`");
        }
    }

    /** Rows waiting in the in-memory queue. */
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
                LOG.log(System.Logger.Level.WARNING, "embedding " + missing.size() + " chunks failed ("
                        + e.getMessage() + "); the rows are marked failed for reindex");
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
                LOG.log(System.Logger.Level.WARNING, "storing the vectors of memory " + row.memory() + " failed", e);
                mark(row, EmbeddingState.FAILED);
            }
        }
    }

    private void drainLoop() {
        List<PendingEmbedding> batch = new ArrayList<>(settings.batchSize());
        while (running) {
            try {
                PendingEmbedding first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, settings.batchSize() - 1);
                embedBatch(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "the embedding worker skipped a batch; its rows stay pending", e);
            } finally {
                batch.clear();
            }
        }
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
     * Stops the worker after its current batch. Rows still queued are not lost: their
     * {@code embedding_state} is still {@code pending} in the store.
     */
    @Override
    public void close() {
        Thread t;
        synchronized (lifecycle) {
            running = false;
            t = thread;
            thread = null;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        queue.clear();
    }
}
