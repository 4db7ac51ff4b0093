package dev.strata.application.retrieval;

import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Computes a batch's document vectors for the embedding worker: on the calling thread alone, or, under the
 * {@link BacklogShare}, split in order over {@link BacklogShare#parallelism} threads (the caller and helpers
 * made by the worker's thread factory, so at its priority). The CPU time those threads got, against the
 * batch's wall-clock time, tells the share whether the worker got what it is owed.
 *
 * <p>A part that fails fails the batch, as one model call would; an interrupt of the caller (a stop) abandons
 * the helpers' parts with it.
 */
final class SplitEmbedding implements AutoCloseable {

    private final Embedder embedder;
    private final BacklogShare share;
    private final LongSupplier nanoTime;
    private final Supplier<ThreadFactory> threads;
    private final ThreadMXBean cpuClock = ManagementFactory.getThreadMXBean();
    private ExecutorService helpers;
    private boolean closed;

    /** @param threads the worker's thread factory, read when the first helper is needed */
    SplitEmbedding(Embedder embedder, BacklogShare share, LongSupplier nanoTime, Supplier<ThreadFactory> threads) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.share = Objects.requireNonNull(share, "share");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.threads = Objects.requireNonNull(threads, "threads");
    }

    /** The model's vectors for {@code texts} (not empty), in order. */
    List<Embedding> compute(List<String> texts) {
        int parts = Math.min(share.parallelism(), texts.size());
        long began = nanoTime.getAsLong();
        List<Future<Part>> others = new ArrayList<>(parts - 1);
        for (int i = 1; i < parts; i++) {
            List<String> part = texts.subList(i * texts.size() / parts, (i + 1) * texts.size() / parts);
            others.add(helpers().submit(() -> computePart(part)));
        }
        try {
            Part first = computePart(texts.subList(0, texts.size() / parts));
            List<Embedding> vectors = new ArrayList<>(first.vectors());
            long cpu = first.cpuNanos();
            for (Future<Part> other : others) {
                Part p = other.get();
                vectors.addAll(p.vectors());
                cpu = cpu < 0 || p.cpuNanos() < 0 ? -1 : cpu + p.cpuNanos();
            }
            share.batchComputed(cpu, nanoTime.getAsLong() - began);
            return vectors;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("stopped while embedding", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r
                    : new IllegalStateException("embedding failed: " + e.getCause(), e.getCause());
        } finally {
            others.forEach(f -> f.cancel(true));
        }
    }

    /** Part of a batch's vectors and the CPU time its thread spent on them (-1 when it cannot be measured). */
    private record Part(List<Embedding> vectors, long cpuNanos) {
    }

    private Part computePart(List<String> texts) {
        long before = threadCpuNanos();
        List<Embedding> vectors = embedder.embedDocuments(texts);
        long after = threadCpuNanos();
        return new Part(vectors, before < 0 || after < 0 ? -1 : after - before);
    }

    private long threadCpuNanos() {
        try {
            return cpuClock.isCurrentThreadCpuTimeSupported() ? cpuClock.getCurrentThreadCpuTime() : -1;
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }

    private synchronized ExecutorService helpers() {
        if (closed) {
            throw new IllegalStateException("the embedding worker has stopped");
        }
        if (helpers == null) {
            helpers = Executors.newCachedThreadPool(threads.get());
        }
        return helpers;
    }

    /** Abandons whatever part a helper still computes (the worker has finished or been interrupted). */
    @Override
    public synchronized void close() {
        closed = true;
        if (helpers != null) {
            helpers.shutdownNow();
        }
    }
}
