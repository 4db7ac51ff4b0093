package dev.strata.application.retrieval;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * How many searches run at once, and whose runs next. A search is the heaviest thing a request does (both
 * full-text indexes, the vector arm, the ranking, a few hundred rows read), and nearly all of it is CPU. Without
 * a bound, 32 clients searching and writing on two cores ran 20-30 searches side by side, each getting a thirtieth
 * of the CPU, and a write (a few milliseconds of work) queued for the CPU behind all of them: in {@code bench
 * load}'s backlog drill the write p99 was 260-360 ms against a target of 250 (issue 13). Past the bound a search
 * waits for its turn, parked (a virtual thread waiting here leaves its carrier); the requests that are not searches
 * keep the CPU they need, and the searches together get about the throughput they had.
 *
 * <p>Whose turn: a freed turn goes to the waiting tenant with the fewest searches running, and among equals to
 * the one served least recently; one tenant's searches run in the order they came. So a tenant sending a hundred
 * searches at once fills the turns only while nobody else waits: another tenant's search waits for the next turn
 * that frees, not behind the hundred (first come first served would queue it there).
 *
 * <p>A search that waits longer than {@code maxWait} fails as unavailable (503): a server that far behind says so
 * rather than answering a minute late. Thread-safe.
 */
public final class SearchAdmission {

    /** No bound: every search runs at once (embedders of the jar, evaluations, benchmarks of one search). */
    public static final SearchAdmission UNBOUNDED = new SearchAdmission(0, Duration.ZERO);

    /**
     * What the bound has done since start.
     *
     * @param admitted          searches that ran
     * @param waited            those that found every turn taken, or others waiting, and waited for a turn
     * @param turnedAway        searches that waited {@code maxWait} and were answered 503
     * @param longestWaitMicros the longest any search waited for its turn
     */
    public record Stats(long admitted, long waited, long turnedAway, long longestWaitMicros) {
    }

    /** A search waiting for its turn; {@code granted} is set, under the lock, by the release that hands it one. */
    private static final class Waiter {
        final Condition turn;
        boolean granted;

        Waiter(Condition turn) {
            this.turn = turn;
        }
    }

    /** One tenant's searches: how many run, those waiting in arrival order, and when it was last given a turn. */
    private static final class TenantLine {
        int running;
        long lastServed;
        final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    }

    private final int maxConcurrent;
    private final Duration maxWait;
    private final ReentrantLock lock = new ReentrantLock();
    /** Tenants with a search running or waiting; a tenant with neither is dropped. Guarded by {@link #lock}. */
    private final Map<String, TenantLine> lines = new HashMap<>();
    /**
     * Tenants with searches waiting, in the order they began to (for a deterministic walk only: whose turn it is,
     * {@link #handOver} decides). Guarded by {@link #lock}.
     */
    private final Map<String, TenantLine> waiting = new LinkedHashMap<>();
    private int running;
    private long served;
    private long admitted;
    private long waitedCount;
    private long turnedAway;
    private long longestWaitMicros;

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
     * Runs {@code search} for {@code tenant} in its turn.
     *
     * @throws UnavailableException when no turn came within {@code maxWait}, or the thread was interrupted waiting
     */
    public <T> T admit(Tenant tenant, Supplier<T> search) {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(search, "search");
        if (maxConcurrent == 0) {
            count();
            return search.get();
        }
        String key = tenant.value();
        takeTurn(key);
        try {
            return search.get();
        } finally {
            release(key);
        }
    }

    public Stats stats() {
        lock.lock();
        try {
            return new Stats(admitted, waitedCount, turnedAway, longestWaitMicros);
        } finally {
            lock.unlock();
        }
    }

    private void count() {
        lock.lock();
        try {
            admitted++;
        } finally {
            lock.unlock();
        }
    }

    private void takeTurn(String tenant) {
        lock.lock();
        try {
            TenantLine line = lines.computeIfAbsent(tenant, t -> new TenantLine());
            // A release hands its turn to a waiter at once, so a free turn means nobody waits; the second condition
            // keeps it so should that ever change (a newcomer must never go ahead of a waiting search).
            if (running < maxConcurrent && waiting.isEmpty()) {
                start(line);
                return;
            }
            waitedCount++;
            Waiter me = new Waiter(lock.newCondition());
            line.waiting.addLast(me);
            waiting.put(tenant, line);
            long began = System.nanoTime();
            long remaining = maxWait.toNanos();
            try {
                while (!me.granted && remaining > 0) {
                    remaining = me.turn.awaitNanos(remaining);
                }
            } catch (InterruptedException e) {
                if (!me.granted) {
                    leaveQueue(tenant, line, me);
                    Thread.currentThread().interrupt();
                    throw new UnavailableException("interrupted while waiting for a turn to search", e);
                }
                // Granted as the interrupt came: keep the turn, and the interrupt for the caller.
                Thread.currentThread().interrupt();
            }
            longestWaitMicros = Math.max(longestWaitMicros, (System.nanoTime() - began) / 1_000);
            if (!me.granted) {
                leaveQueue(tenant, line, me);
                turnedAway++;
                throw new UnavailableException(maxConcurrent + " searches are running and this one waited "
                        + maxWait.toMillis() + " ms for its turn; retry later", retryHint(maxWait));
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * When a turned-away search should come back: a tenth of the wait it already gave up on (3 s at the default
     * 30 s), at least a second. A server that let a search wait that long is not free a moment later, and a
     * client retrying at once would only queue again; scaled by {@code maxWait}, a deployment that waits less
     * also retries sooner.
     */
    static Duration retryHint(Duration maxWait) {
        return Duration.ofMillis(Math.max(1_000, maxWait.toMillis() / 10));
    }

    /** Under the lock: {@code line}'s tenant starts a search (the turn is counted as taken). */
    private void start(TenantLine line) {
        running++;
        line.running++;
        line.lastServed = ++served;
        admitted++;
    }

    /** Under the lock: a waiter that got no turn leaves, and its tenant with it when it has nothing else here. */
    private void leaveQueue(String tenant, TenantLine line, Waiter me) {
        line.waiting.remove(me);
        if (line.waiting.isEmpty()) {
            waiting.remove(tenant);
            if (line.running == 0) {
                lines.remove(tenant);
            }
        }
    }

    private void release(String tenant) {
        lock.lock();
        try {
            TenantLine line = lines.get(tenant);
            running--;
            line.running--;
            if (line.running == 0 && line.waiting.isEmpty()) {
                lines.remove(tenant);
            }
            handOver();
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: the freed turn goes to the next waiter, chosen as the class comment says. */
    private void handOver() {
        if (running >= maxConcurrent || waiting.isEmpty()) {
            return;
        }
        String next = null;
        TenantLine best = null;
        for (Map.Entry<String, TenantLine> e : waiting.entrySet()) {
            TenantLine l = e.getValue();
            if (best == null || l.running < best.running
                    || (l.running == best.running && l.lastServed < best.lastServed)) {
                next = e.getKey();
                best = l;
            }
        }
        Waiter w = best.waiting.removeFirst();
        if (best.waiting.isEmpty()) {
            waiting.remove(next);
        }
        w.granted = true;
        start(best);
        w.turn.signal();
    }
}
