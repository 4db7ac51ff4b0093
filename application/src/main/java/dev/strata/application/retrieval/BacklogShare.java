package dev.strata.application.retrieval;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The embedding worker's guaranteed share of the machine's CPU while a backlog waits (issue 13, "the backlog
 * draining"). Yielding to requests ({@link ForegroundYield}) bounds how long the worker stays off the CPU by
 * choice, but not what the kernel gives it when it runs: one worker thread among a dozen runnable request
 * threads got a twelfth of the CPU, and behind a 30k-row backlog it embedded 10-14 rows a second while 32
 * clients wrote 100-130. So once at least {@link EmbeddingSettings.BacklogShare#rows} memories wait, the worker
 * stops yielding and computes each batch on as many threads as it takes to use
 * {@link EmbeddingSettings.BacklogShare#cpuPercent} of the machine's cores: after each batch it compares the CPU
 * time its threads got with the wall-clock time the batch took, and adds a thread when the share fell short, or
 * drops one when it ran well over. A quiet machine gives one thread its core, so the worker stays on one; a
 * saturated one takes it to several. Below half the threshold the share is released and the worker yields
 * again, on one thread: a lag that the worker will catch up in the next quiet moment costs requests nothing.
 *
 * <p>Worker thread only, apart from {@link #parallelism}, {@link #isEngaged} and {@link #stats}, which metrics read.
 */
final class BacklogShare {

    /** How often the pending count is read from the store: a count over the backlog's rows, not free. */
    static final Duration CHECK_INTERVAL = Duration.ofSeconds(2);
    /** Below this fraction of the target the worker adds a thread, above the upper one it drops one. */
    private static final double SHORT_OF_TARGET = 0.9;
    private static final double OVER_TARGET = 1.3;

    private final EmbeddingSettings.BacklogShare settings;
    private final double targetCores;
    private final int maxParallelism;
    private final LongSupplier pendingRows;
    private final LongSupplier nanoTime;
    private long nextCheck;
    private boolean checked;
    private volatile boolean engaged;
    private volatile int parallelism = 1;
    private volatile long batches;
    private volatile int mostThreads = 1;

    /** What the share did so far: batches computed under it and the most threads one of them took. */
    record Stats(long batches, int mostThreads) {
    }

    /**
     * @param cores          the machine's cores: the share is of all of them
     * @param maxParallelism most threads one batch is computed on
     * @param pendingRows    how many memories wait for their vectors (read at most every {@link #CHECK_INTERVAL})
     */
    BacklogShare(EmbeddingSettings.BacklogShare settings, int cores, int maxParallelism, LongSupplier pendingRows,
                 LongSupplier nanoTime) {
        this.settings = Objects.requireNonNull(settings, "settings");
        if (cores < 1 || maxParallelism < 1) {
            throw new IllegalArgumentException("cores and maxParallelism must be positive: " + cores + ", "
                    + maxParallelism);
        }
        this.targetCores = cores * settings.cpuPercent() / 100.0;
        this.maxParallelism = maxParallelism;
        this.pendingRows = Objects.requireNonNull(pendingRows, "pendingRows");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /**
     * Whether the next batch runs under the share (no yielding, {@link #parallelism} threads): re-reads the
     * pending count when {@link #CHECK_INTERVAL} has passed since the last reading. Engages at
     * {@code rows} pending, releases below half of it; a count that cannot be read changes nothing.
     */
    boolean engaged() {
        if (!settings.enabled()) {
            return false;
        }
        long now = nanoTime.getAsLong();
        if (!checked || now - nextCheck >= 0) {
            checked = true;
            nextCheck = now + CHECK_INTERVAL.toNanos();
            try {
                long pending = pendingRows.getAsLong();
                if (pending >= settings.rows()) {
                    engaged = true;
                } else if (pending < settings.rows() / 2) {
                    engaged = false;
                    parallelism = 1;
                }
            } catch (RuntimeException e) {
                // The store is busy or down: keep the last decision rather than guess.
            }
        }
        return engaged;
    }

    /** The last decision of {@link #engaged}, without reading the store: for metrics, from any thread. */
    boolean isEngaged() {
        return engaged;
    }

    Stats stats() {
        return new Stats(batches, mostThreads);
    }

    /** Threads the next batch is computed on: 1 unless engaged. */
    int parallelism() {
        return parallelism;
    }

    /**
     * A batch computed under the share: its threads got {@code cpuNanos} of CPU in {@code wallNanos}. Adds a
     * thread when that fell short of the target, drops one when it ran well over. A batch without a CPU
     * reading ({@code cpuNanos < 0}: the JVM cannot measure thread CPU time) leaves the parallelism alone.
     */
    void batchComputed(long cpuNanos, long wallNanos) {
        if (!engaged || cpuNanos < 0 || wallNanos <= 0) {
            return;
        }
        batches++;
        double cores = (double) cpuNanos / wallNanos;
        if (cores < targetCores * SHORT_OF_TARGET && parallelism < maxParallelism) {
            parallelism++;
        } else if (cores > targetCores * OVER_TARGET && parallelism > 1) {
            parallelism--;
        }
        mostThreads = Math.max(mostThreads, parallelism);
    }
}
