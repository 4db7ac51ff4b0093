package dev.strata.application.retrieval;

import dev.strata.domain.error.UnavailableException;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * How many searches run at once. A search is the heaviest thing a request does (both full-text indexes, the
 * vector arm, the ranking, a few hundred rows read), and nearly all of it is CPU. Without a bound, 32 clients
 * searching and writing on two cores ran 20-30 searches side by side, each getting a thirtieth of the CPU, and
 * a write (a few milliseconds of work) queued for the CPU behind all of them: in {@code bench load}'s backlog
 * drill the write p99 was 260-360 ms against a target of 250 (issue 13). Past the bound a search waits for its
 * turn, first come first served, parked (a virtual thread waiting here leaves its carrier); the requests that are
 * not searches keep the CPU they need, and the searches together get about the throughput they had.
 *
 * <p>A search that waits longer than {@code maxWait} fails as unavailable (503): a server that far behind
 * says so rather than answering a minute late. Thread-safe.
 */
public final class SearchAdmission {

    /** No bound: every search runs at once (embedders of the jar, evaluations, benchmarks of one search). */
    public static final SearchAdmission UNBOUNDED = new SearchAdmission(0, Duration.ZERO);

    /**
     * What the bound has done since start.
     *
     * @param admitted         searches that ran
     * @param waited           those that found every turn taken and waited for one
     * @param turnedAway       searches that waited {@code maxWait} and were answered 503
     * @param longestWaitMicros the longest any search waited for its turn
     */
    public record Stats(long admitted, long waited, long turnedAway, long longestWaitMicros) {
    }

    private final int maxConcurrent;
    private final Duration maxWait;
    private final Semaphore turns;
    private final AtomicLong admitted = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong turnedAway = new AtomicLong();
    private final AtomicLong longestWaitMicros = new AtomicLong();

    /**
     * @param maxConcurrent most searches running at once; 0 = no bound
     * @param maxWait       the longest a search waits for its turn before it is answered unavailable
     */
    public SearchAdmission(int maxConcurrent, Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        if (maxConcurrent < 0 || maxConcurrent > 4_096) {
            throw new IllegalArgumentException("maxConcurrent must be in [0, 4096]: " + maxConcurrent);
        }
        if (maxWait.isNegative()) {
            throw new IllegalArgumentException("maxWait must not be negative: " + maxWait);
        }
        this.maxConcurrent = maxConcurrent;
        this.maxWait = maxWait;
        // Fair: a search that has waited longest runs next, so no search waits behind later ones.
        this.turns = maxConcurrent == 0 ? null : new Semaphore(maxConcurrent, true);
    }

    /**
     * {@code perCore} turns for each of the machine's cores (0 = no bound).
     */
    public static SearchAdmission perCore(int perCore, Duration maxWait) {
        if (perCore < 0 || perCore > 64) {
            throw new IllegalArgumentException("perCore must be in [0, 64]: " + perCore);
        }
        return new SearchAdmission(perCore * Math.max(1, Runtime.getRuntime().availableProcessors()), maxWait);
    }

    /** Most searches at once; 0 when unbounded. */
    public int maxConcurrent() {
        return maxConcurrent;
    }

    public Duration maxWait() {
        return maxWait;
    }

    /**
     * Runs {@code search} in its turn.
     *
     * @throws UnavailableException when no turn came within {@code maxWait}, or the thread was interrupted waiting
     */
    public <T> T admit(Supplier<T> search) {
        Objects.requireNonNull(search, "search");
        if (turns == null) {
            admitted.incrementAndGet();
            return search.get();
        }
        takeTurn();
        admitted.incrementAndGet();
        try {
            return search.get();
        } finally {
            turns.release();
        }
    }

    public Stats stats() {
        return new Stats(admitted.get(), waited.get(), turnedAway.get(), longestWaitMicros.get());
    }

    private void takeTurn() {
        boolean acquired;
        long began = 0;
        try {
            // Timed even when free: the untimed tryAcquire() would go ahead of searches already waiting.
            acquired = turns.tryAcquire(0, TimeUnit.NANOSECONDS);
            if (acquired) {
                return;
            }
            waited.incrementAndGet();
            began = System.nanoTime();
            acquired = turns.tryAcquire(maxWait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException("interrupted while waiting for a turn to search", e);
        }
        long micros = (System.nanoTime() - began) / 1_000;
        longestWaitMicros.accumulateAndGet(micros, Math::max);
        if (!acquired) {
            turnedAway.incrementAndGet();
            throw new UnavailableException(maxConcurrent + " searches are running and this one waited "
                    + maxWait.toMillis() + " ms for its turn; retry later");
        }
    }
}
