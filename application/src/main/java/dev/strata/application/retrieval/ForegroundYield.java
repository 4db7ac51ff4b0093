package dev.strata.application.retrieval;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Makes the background embedding give way to requests: writes and searches. Embedding a batch takes
 * a core for a few hundred milliseconds; on a small machine that is the core a burst of writes, or
 * a search embedding its query, needs. So before each batch the worker waits while requests keep
 * arriving — until none has arrived for {@code quiet} — but never longer than {@code maxWait} per
 * batch, and never longer than its guaranteed minimum share allows: after a batch that computed for
 * {@code d}, the next waits at most {@code d * (100 - share) / share}. So under a steady stream of requests
 * the worker still computes at least {@code share} percent of the wall-clock time (half, by default), and the
 * backlog drains while clients write instead of only after they stop (one batch per two seconds, the old
 * bound alone, embedded 16 rows a second while 32 clients wrote more than that).
 *
 * <p>Thread-safe: {@link #requestSeen} is called from request threads, {@link #awaitTurn} from the
 * worker.
 */
final class ForegroundYield {

    /** Sleeps for a number of nanoseconds: the real one is {@link Thread#sleep}, tests advance a fake clock. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long nanos) throws InterruptedException;
    }

    /** No yielding: batches are embedded as soon as they are queued. */
    static final ForegroundYield NEVER = new ForegroundYield(Duration.ZERO, Duration.ZERO, 100, System::nanoTime,
            ForegroundYield::threadSleep);

    /** The longest single sleep, so that a stop is noticed within it. */
    static final long SLICE_NANOS = Duration.ofMillis(100).toNanos();

    private final long quietNanos;
    private final long maxWaitNanos;
    private final int minSharePercent;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private volatile boolean anyWrite;
    private volatile long lastWrite;
    /** How long the last batch computed: the share bounds the next wait by it. */
    private volatile long lastBatchNanos;

    /** Without a minimum share: a batch waits up to {@code maxWait} whatever it computed (the bound alone). */
    ForegroundYield(Duration quiet, Duration maxWait, LongSupplier nanoTime, Sleeper sleeper) {
        this(quiet, maxWait, 0, nanoTime, sleeper);
    }

    /** @param minSharePercent 1..100, the least share of wall-clock time the worker computes; 0 = no such bound */
    ForegroundYield(Duration quiet, Duration maxWait, int minSharePercent, LongSupplier nanoTime, Sleeper sleeper) {
        Objects.requireNonNull(quiet, "quiet");
        Objects.requireNonNull(maxWait, "maxWait");
        if (quiet.isNegative() || maxWait.isNegative()) {
            throw new IllegalArgumentException("quiet and maxWait must not be negative: " + quiet + ", " + maxWait);
        }
        this.quietNanos = quiet.toNanos();
        this.maxWaitNanos = maxWait.toNanos();
        if (minSharePercent < 0 || minSharePercent > 100) {
            throw new IllegalArgumentException("minSharePercent must be in [0, 100]: " + minSharePercent);
        }
        this.minSharePercent = minSharePercent;
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    /** On the real clock. */
    static ForegroundYield of(EmbeddingSettings.Yield settings) {
        return settings.enabled()
                ? new ForegroundYield(settings.quiet(), settings.maxWait(), settings.minSharePercent(), System::nanoTime,
                        ForegroundYield::threadSleep)
                : NEVER;
    }

    /** A write has just committed, or a search has just started. */
    void requestSeen() {
        lastWrite = nanoTime.getAsLong();
        anyWrite = true;
    }

    /** The yielding's clock, to time a batch with. */
    long now() {
        return nanoTime.getAsLong();
    }

    /** The batch just embedded computed for {@code nanos}: the next one waits at most its share of that. */
    void batchTook(long nanos) {
        lastBatchNanos = Math.max(0, nanos);
    }

    /** The longest the next batch may wait: {@code maxWait}, or less when the minimum share says so. */
    long longestWaitNanos() {
        if (minSharePercent == 0) {
            return maxWaitNanos;
        }
        long batch = Math.min(lastBatchNanos, maxWaitNanos);
        return Math.min(maxWaitNanos, batch * (100 - minSharePercent) / minSharePercent);
    }

    /**
     * How much longer a batch that has waited since {@code since} should wait: until {@code quiet}
     * has passed without a write, capped at {@link #longestWaitNanos} after {@code since}; 0 means go.
     */
    long remainingNanos(long since) {
        if (quietNanos == 0 || maxWaitNanos == 0 || !anyWrite) {
            return 0;
        }
        long now = nanoTime.getAsLong();
        long untilQuiet = lastWrite + quietNanos - now;
        long untilMax = since + longestWaitNanos() - now;
        return Math.max(0, Math.min(untilQuiet, untilMax));
    }

    /**
     * Waits until the worker may embed its next batch (see {@link #remainingNanos}).
     *
     * @param stopping checked before each sleep: a stop ends the wait at once
     * @return false when the worker is being stopped (the batch then stays pending)
     */
    boolean awaitTurn(BooleanSupplier stopping) throws InterruptedException {
        long since = nanoTime.getAsLong();
        long wait;
        while ((wait = remainingNanos(since)) > 0) {
            if (stopping.getAsBoolean()) {
                return false;
            }
            sleeper.sleep(Math.min(wait, SLICE_NANOS));
        }
        return true;
    }

    private static void threadSleep(long nanos) throws InterruptedException {
        Thread.sleep(Duration.ofNanos(nanos));
    }
}
