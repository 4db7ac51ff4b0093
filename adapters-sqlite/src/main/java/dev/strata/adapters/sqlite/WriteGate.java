package dev.strata.adapters.sqlite;

import org.sqlite.BusyHandler;
import org.sqlite.SQLiteCommitListener;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import org.sqlite.SQLiteUpdateListener;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Request writers before background work, as a rule of the database rather than of each job. SQLite has one
 * write lock; its busy handler lets waiters retry on a timer, so a background job writing in back-to-back
 * transactions wins the lock again and again while a request writer sleeps between retries, until the
 * request's busy timeout turns it into a 503 (what a 28k-row embedding backlog did).
 *
 * <p>The gate replaces SQLite's timed busy handler on every pooled connection with its own:
 * <ul>
 *   <li>A request writer (any thread not in a background slice) that finds the lock taken registers as
 *       <em>waiting</em> and sleeps until the transaction holding the lock ends (commit and rollback hooks
 *       wake it), up to the busy timeout; its registration ends with its own transaction.</li>
 *   <li>Background work writes only in {@link #slice slices}: one short transaction each, begun only while
 *       no request writer is waiting and no other slice runs. When the lock is held by a request and another
 *       request starts waiting, the slice gives up the lock it was waiting for and starts again later.</li>
 * </ul>
 * So a request writer waits for at most the one slice that was running when it arrived. The gate counts this
 * rather than trusting it: for every wait it records how many slices began or ran during it
 * ({@link Stats#mostSlicesOneWriterWaitedFor()}), which must never exceed one.
 *
 * <p><b>A guaranteed minimum share.</b> Giving way alone starves background work under a steady stream of
 * request writers: some request is nearly always waiting, so no slice would ever begin (under 32 clients the
 * embedding backlog only grew until they stopped). So once no slice has run for {@code shareEvery}, the next
 * slice is <em>due</em>: it begins even though requests wait, provided none of them has already waited behind a
 * slice, and it then takes the lock ahead of the requests that are waiting for it (their busy handlers hold
 * back until the slice holds the lock, for at most 100 ms once the lock is free, so that a slice thread the CPU
 * does not schedule cannot hold them). Each request still waits for at most one short slice; background work
 * gets at least one slice per {@code shareEvery} plus one slice's length.
 *
 * <p>Work outside slices counts as a request. A thread running a scheduled background job
 * ({@link #runAsBackgroundJob}) is meant to write in slices only: {@link Transactions} turns each of its
 * transactions into a slice, and a row it changes outside any slice is counted
 * ({@link Stats#backgroundWritesOutsideSlices()}) and named once in the log, so a job that bypasses the rule is
 * seen. Connections opened elsewhere (another process, a CLI command) do not pass the gate; against those
 * SQLite's usual busy waiting applies.
 */
public final class WriteGate {

    /** What the gate has seen since the database opened. */
    public record Stats(long slices, long sliceRetries, long slicesDeferred, long foregroundWaits,
                        long foregroundTimeouts, long mostSlicesOneWriterWaitedFor, long longestSliceMicros,
                        long longestForegroundWaitMicros, long slicesDue, long backgroundWritesOutsideSlices) {
    }

    /** Background work gets a slice at least this often, however many request writers wait. */
    public static final Duration DEFAULT_SHARE_EVERY = Duration.ofMillis(25);

    /** Work on the slice's connection, inside its transaction. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection connection) throws SQLException;
    }

    /** A waiter whose transaction ended unseen (a read that was busy) is dropped after this many busy timeouts. */
    private static final int STALE_AFTER_TIMEOUTS = 1;
    /** The longest a waiter sleeps without a wake-up: bounds the cost of a holder in another process. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /**
     * How long waiting requests hold back for a due slice once the lock is free: if the slice's thread is not
     * scheduled in time (an overloaded CPU), the requests go on and the slice tries again, still due.
     */
    private static final long DUE_HOLD_BACK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How long a slice keeps retrying when request writers keep taking the lock first. */
    private static final long SLICE_PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(120);

    private static final ThreadLocal<Boolean> IN_SLICE = new ThreadLocal<>();
    private static final ThreadLocal<String> BACKGROUND_JOB = new ThreadLocal<>();
    private static final System.Logger LOG = System.getLogger(WriteGate.class.getName());

    private final long busyTimeoutNanos;
    private final long shareEveryNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Set<Watch> waiting = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean sliceActive;
    private long slicesBegun;
    private long sliceRetries;
    private long slicesDeferred;
    private long foregroundWaits;
    private long foregroundTimeouts;
    private long mostSlicesWaitedFor;
    private long longestSliceNanos;
    private long longestWaitNanos;
    private long lastSliceEnded = System.nanoTime();
    /** A due slice has begun but does not hold the write lock yet: waiting requests let it take it first. */
    private boolean dueSliceAcquiring;
    /** When the lock was first freed while a due slice was acquiring it; 0 = not yet. */
    private long dueLockFreedAt;
    /** The acquiring due slice has asked SQLite for the lock and found it taken. */
    private boolean dueSliceAskedForLock;
    /** Requests holding back for the acquiring due slice right now. */
    private int heldBack;
    private long slicesDue;
    private final java.util.concurrent.atomic.AtomicLong writesOutsideSlices = new java.util.concurrent.atomic.AtomicLong();
    private final Set<String> bypassesLogged = java.util.concurrent.ConcurrentHashMap.newKeySet();

    WriteGate(Duration busyTimeout) {
        this(busyTimeout, DEFAULT_SHARE_EVERY);
    }

    /** @param shareEvery the longest background work goes without a slice while requests keep the lock busy */
    WriteGate(Duration busyTimeout, Duration shareEvery) {
        this.busyTimeoutNanos = busyTimeout.toNanos();
        if (shareEvery.isNegative() || shareEvery.isZero()) {
            throw new IllegalArgumentException("shareEvery must be positive: " + shareEvery);
        }
        this.shareEveryNanos = shareEvery.toNanos();
    }

    /** Installs the gate's busy handler and transaction hooks on a new connection of the database. */
    void watch(Connection connection) throws SQLException {
        SQLiteConnection sqlite = connection.unwrap(SQLiteConnection.class);
        Watch watch = new Watch();
        BusyHandler.setHandler(sqlite, watch.busyHandler);
        sqlite.getDatabase().addCommitListener(watch);
        sqlite.getDatabase().addUpdateListener(watch);
    }

    /** True on a thread running a background slice. */
    static boolean inSlice() {
        return IN_SLICE.get() != null;
    }

    /** True on a thread running a scheduled background job ({@link #runAsBackgroundJob}). */
    static boolean inBackgroundJob() {
        return BACKGROUND_JOB.get() != null;
    }

    /**
     * Runs a scheduled background job ({@code what} names it in the log) on this thread as background work:
     * every transaction it opens through {@link Transactions} becomes a slice, and any row it changes outside a
     * slice is counted as a bypass. The one way the server runs its jobs.
     */
    static void runAsBackgroundJob(String what, Runnable job) {
        String outer = BACKGROUND_JOB.get();
        BACKGROUND_JOB.set(what);
        try {
            job.run();
        } finally {
            if (outer == null) {
                BACKGROUND_JOB.remove();
            } else {
                BACKGROUND_JOB.set(outer);
            }
        }
    }

    /** A row changed on this thread: a background job's change outside a slice breaks the rule. */
    private void rowChanged(String table) {
        String job = BACKGROUND_JOB.get();
        if (job == null || inSlice()) {
            return;
        }
        writesOutsideSlices.incrementAndGet();
        if (bypassesLogged.add(job + " " + table)) {
            LOG.log(System.Logger.Level.WARNING, "background job \"" + job + "\" wrote " + table
                    + " outside a background slice: request writers may wait behind it");
        }
    }

    /**
     * Runs {@code work} as one background write transaction ({@link Transactions#transaction}) on
     * {@code connection} (auto-commit mode, taken
     * from the pool before the gate so that a slice never holds the gate while waiting for a connection).
     * Waits until no request writer is waiting and no other slice runs; when a request takes the lock first,
     * the transaction is rolled back (it had not begun writing) and run again once the requests are through.
     * {@code work} must therefore be safe to run more than once.
     *
     * @throws SQLException the work's own failure (rolled back), or SQLITE_BUSY when requests held the lock
     *                      for {@value #SLICE_PATIENCE_NANOS} ns in a row
     */
    <T> T slice(Connection connection, SqlWork<T> work, Consumer<Connection> discard) throws SQLException {
        long giveUpAt = System.nanoTime() + SLICE_PATIENCE_NANOS;
        while (true) {
            long began = beginSlice();
            boolean busy = false;
            IN_SLICE.set(Boolean.TRUE);
            try {
                // The adapter's one transaction rule: BEGIN IMMEDIATE, COMMIT succeeded = written. The work runs
                // once BEGIN IMMEDIATE holds the lock: a due slice then lets the waiting requests go on waiting.
                return Transactions.transaction(connection, c -> {
                    lockTaken();
                    return work.run(c);
                }, result -> true, discard);
            } catch (SQLException e) {
                if (!isBusy(e) || System.nanoTime() > giveUpAt) {
                    throw e;
                }
                busy = true;
            } finally {
                IN_SLICE.remove();
                endSlice(began, busy);
            }
        }
    }

    public Stats stats() {
        lock.lock();
        try {
            return new Stats(slicesBegun, sliceRetries, slicesDeferred, foregroundWaits, foregroundTimeouts,
                    mostSlicesWaitedFor, longestSliceNanos / 1_000, longestWaitNanos / 1_000, slicesDue,
                    writesOutsideSlices.get());
        } finally {
            lock.unlock();
        }
    }

    /**
     * True while a due slice, begun ahead of waiting requests, is waiting for the write lock in SQLite's busy
     * handler with {@code requests} requests holding back for it: from then on, the lock's holder ending hands
     * the lock to the slice (tests wait for this moment).
     */
    boolean dueSliceWaitingForLock(int requests) {
        lock.lock();
        try {
            return dueSliceAcquiring && dueSliceAskedForLock && heldBack == requests;
        } finally {
            lock.unlock();
        }
    }

    /** Request writers waiting for the write lock right now. */
    public int waiting() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    private long beginSlice() throws SQLException {
        lock.lock();
        try {
            boolean deferred = false;
            while (true) {
                long now = System.nanoTime();
                dropStaleWaiters(now);
                if (!sliceActive && waiting.isEmpty()) {
                    break;
                }
                long dueIn = lastSliceEnded + shareEveryNanos - now;
                if (!sliceActive && dueIn <= 0 && noWaiterHasWaitedForASlice()) {
                    // The guaranteed share: this slice goes ahead of the requests waiting now, each of which
                    // then waits for this one slice only.
                    dueSliceAcquiring = true;
                    dueSliceAskedForLock = false;
                    dueLockFreedAt = 0;
                    slicesDue++;
                    break;
                }
                if (!waiting.isEmpty() && !deferred) {
                    deferred = true;
                    slicesDeferred++;
                }
                changed.awaitNanos(Math.max(POLL_NANOS, Math.min(POLL_NANOS * 25, dueIn)));
            }
            sliceActive = true;
            slicesBegun++;
            return System.nanoTime();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a background write slice", e);
        } finally {
            lock.unlock();
        }
    }

    /** True when every request waiting now would wait for its first slice: a due slice keeps the one-slice bound. */
    private boolean noWaiterHasWaitedForASlice() {
        for (Watch w : waiting) {
            if (w.firstSlice <= slicesBegun) {
                return false;
            }
        }
        return true;
    }

    /** The running slice holds the write lock. */
    private void lockTaken() {
        lock.lock();
        try {
            if (dueSliceAcquiring) {
                dueSliceAcquiring = false;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    private void endSlice(long began, boolean busy) {
        lock.lock();
        try {
            sliceActive = false;
            dueSliceAcquiring = false;
            lastSliceEnded = System.nanoTime();
            if (busy) {
                sliceRetries++;
            } else {
                longestSliceNanos = Math.max(longestSliceNanos, System.nanoTime() - began);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** SQLite found the lock taken on {@code watch}'s connection: 0 fails the statement with SQLITE_BUSY, 1 retries. */
    private int onBusy(Watch watch, int previousCalls) {
        long now = System.nanoTime();
        if (previousCalls == 0) {
            watch.episodeStart = now;
        }
        long remaining = busyTimeoutNanos - (now - watch.episodeStart);
        lock.lock();
        try {
            if (inSlice()) {
                if (remaining <= 0) {
                    return 0;
                }
                if (dueSliceAcquiring) {
                    // A due slice waits for the lock like a request, and the waiting requests let it have it.
                    dueSliceAskedForLock = true;
                    changed.awaitNanos(Math.min(remaining, POLL_NANOS));
                    return 1;
                }
                // A request holds the lock. Once another request waits, it goes first: give the lock up.
                if (!waiting.isEmpty()) {
                    return 0;
                }
                changed.awaitNanos(Math.min(remaining, POLL_NANOS));
                // Asked again after the wait: a request that started waiting meanwhile goes first.
                return waiting.isEmpty() ? 1 : 0;
            }
            if (!watch.registered) {
                watch.registered = true;
                watch.registeredAt = now;
                // Every slice from this index on overlaps the wait; by construction only a running one can.
                watch.firstSlice = sliceActive ? slicesBegun : slicesBegun + 1;
                waiting.add(watch);
                foregroundWaits++;
            }
            remaining = holdBackForDueSlice(watch, remaining);
            if (remaining <= 0) {
                foregroundTimeouts++;
                deregister(watch, System.nanoTime());
                return 0;
            }
            // Whoever holds the lock (the running slice, another request, another process), its commit or
            // rollback wakes us; the poll bounds the wait when the hook fires before the lock is free. Not
            // waiting for the slice's end as the gate sees it: SQLite frees the lock before the commit's
            // checkpoint, which can take long on a loaded disk, and no new slice can begin meanwhile anyway.
            changed.awaitNanos(Math.min(remaining, POLL_NANOS));
            // Asked again after the wait: a due slice that began while this request slept (for longer than the
            // poll on a loaded CPU) would otherwise lose to it the lock its holder's commit just freed. A request
            // out of time after this is refused at its next call.
            holdBackForDueSlice(watch, busyTimeoutNanos - (System.nanoTime() - watch.episodeStart));
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deregister(watch, System.nanoTime());
            return 0;
        } finally {
            lock.unlock();
        }
    }

    /**
     * A due slice is taking the lock: a waiting request holds back until the slice has it (and then waits for
     * its commit as usual), but not for longer than {@link #DUE_HOLD_BACK_NANOS} once the lock is free. Called
     * with the gate's lock held; answers the request's remaining busy time.
     */
    private long holdBackForDueSlice(Watch watch, long remaining) throws InterruptedException {
        if (!dueSliceAcquiring) {
            return remaining;
        }
        heldBack++;
        try {
            while (dueSliceAcquiring && remaining > 0
                    && (dueLockFreedAt == 0 || System.nanoTime() - dueLockFreedAt < DUE_HOLD_BACK_NANOS)) {
                changed.awaitNanos(Math.min(remaining, POLL_NANOS));
                remaining = busyTimeoutNanos - (System.nanoTime() - watch.episodeStart);
            }
            return remaining;
        } finally {
            heldBack--;
        }
    }

    /** A transaction ended on {@code watch}'s connection: its writer, if it waited, has been served. */
    private void transactionEnded(Watch watch) {
        lock.lock();
        try {
            if (dueSliceAcquiring && dueLockFreedAt == 0) {
                dueLockFreedAt = System.nanoTime();
            }
            if (watch.registered) {
                deregister(watch, System.nanoTime());
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void deregister(Watch watch, long now) {
        if (!watch.registered) {
            return;
        }
        watch.registered = false;
        waiting.remove(watch);
        mostSlicesWaitedFor = Math.max(mostSlicesWaitedFor, Math.max(0, slicesBegun - watch.firstSlice + 1));
        longestWaitNanos = Math.max(longestWaitNanos, now - watch.registeredAt);
        changed.signalAll();
    }

    /**
     * A read can be busy too (rarely, in WAL mode) and then ends without a commit or rollback hook: such a
     * registration must not hold background work off for ever.
     */
    private void dropStaleWaiters(long now) {
        List<Watch> stale = new ArrayList<>();
        for (Watch w : waiting) {
            if (now - w.registeredAt > STALE_AFTER_TIMEOUTS * busyTimeoutNanos) {
                stale.add(w);
            }
        }
        stale.forEach(w -> {
            w.registered = false;
            waiting.remove(w);
        });
    }

    static boolean isBusy(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException s && (s.getResultCode().code & 0xff) == SQLiteErrorCode.SQLITE_BUSY.code) {
                return true;
            }
        }
        return false;
    }

    /** The gate's view of one pooled connection: its busy handler and its transaction hooks. */
    private final class Watch implements SQLiteCommitListener, SQLiteUpdateListener {
        /** Fields other than these flags are touched only by the thread using the connection. */
        private long episodeStart;
        private long registeredAt;
        private long firstSlice;
        /** Guarded by the gate's lock. */
        private boolean registered;

        private final BusyHandler busyHandler = new BusyHandler() {
            @Override
            protected int callback(int previousCalls) {
                return onBusy(Watch.this, previousCalls);
            }
        };

        @Override
        public void onCommit() {
            transactionEnded(this);
        }

        @Override
        public void onRollback() {
            transactionEnded(this);
        }

        @Override
        public void onUpdate(Type type, String database, String table, long rowId) {
            rowChanged(table);
        }
    }
}
