package dev.strata.application.retrieval;

import dev.strata.domain.retrieval.PendingEmbedding;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What the embedding worker has still to do, in two bounded queues: {@code fresh} writes, and the
 * {@code backlog} the catch-up found still pending or failed in the store. Fresh writes are always
 * taken first and have their own capacity, so a large backlog neither delays nor crowds out a new
 * write; the backlog holds at most half as many rows again, so memory stays bounded.
 *
 * <p>It also knows which memories are waiting or being embedded, so the catch-up never queues a
 * row twice. Fresh writes are not deduplicated: a second write of the same memory carries new
 * content, which must be embedded after the old.
 *
 * <p>Thread-safe: offers come from request threads and the catch-up, batches go to the one worker.
 */
final class EmbeddingQueue {

    /** What {@link #offerBacklog} did with a row. */
    enum Offer { QUEUED, ALREADY_WAITING, FULL }

    private final BlockingQueue<PendingEmbedding> fresh;
    private final BlockingQueue<PendingEmbedding> backlog;
    /** Memory id -> copies queued or in flight (a memory written twice quickly has two). */
    private final Map<Long, Integer> waiting = new ConcurrentHashMap<>();

    EmbeddingQueue(int freshCapacity) {
        this.fresh = new ArrayBlockingQueue<>(freshCapacity);
        this.backlog = new ArrayBlockingQueue<>(Math.max(1, freshCapacity / 2));
    }

    /** A fresh write; false (never blocking) when the fresh queue is full. */
    boolean offerFresh(PendingEmbedding row) {
        long id = row.memory().value();
        waiting.merge(id, 1, Integer::sum);
        if (fresh.offer(row)) {
            return true;
        }
        release(id);
        return false;
    }

    /** A row the catch-up found; never blocks, never queues a memory that is already waiting. */
    Offer offerBacklog(PendingEmbedding row) {
        long id = row.memory().value();
        if (waiting.putIfAbsent(id, 1) != null) {
            return Offer.ALREADY_WAITING;
        }
        if (backlog.offer(row)) {
            return Offer.QUEUED;
        }
        release(id);
        return Offer.FULL;
    }

    /**
     * Up to {@code max} rows, fresh ones first, the backlog filling the rest; waits up to
     * {@code timeoutMillis} for a fresh row when both are empty, and then returns an empty list.
     * The rows count as waiting until {@link #done} is called for them.
     */
    List<PendingEmbedding> nextBatch(int max, long timeoutMillis) throws InterruptedException {
        List<PendingEmbedding> batch = new ArrayList<>(max);
        fill(batch, max);
        if (batch.isEmpty()) {
            PendingEmbedding first = fresh.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            if (first != null) {
                batch.add(first);
                fresh.drainTo(batch, max - 1);
            }
        }
        return batch;
    }

    /**
     * Tops {@code batch} up to {@code max} rows, fresh ones first (the worker does so after waiting
     * for its turn, so rows written meanwhile join the batch). The added rows count as waiting too.
     */
    void fill(List<PendingEmbedding> batch, int max) {
        fresh.drainTo(batch, Math.max(0, max - batch.size()));
        backlog.drainTo(batch, Math.max(0, max - batch.size()));
    }

    /** The batch has been handled (embedded, skipped, failed or left pending): the catch-up may queue its rows again. */
    void done(List<PendingEmbedding> batch) {
        batch.forEach(row -> release(row.memory().value()));
    }

    boolean backlogIsEmpty() {
        return backlog.isEmpty();
    }

    /** Rows waiting in either queue (not counting a batch in flight). */
    int size() {
        return fresh.size() + backlog.size();
    }

    /** Forgets everything queued: the rows are still {@code pending} in the store. */
    void clear() {
        fresh.clear();
        backlog.clear();
        waiting.clear();
    }

    private void release(long id) {
        waiting.computeIfPresent(id, (key, copies) -> copies == 1 ? null : copies - 1);
    }
}
