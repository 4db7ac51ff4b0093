package dev.strata.adapters.sqlite;

import org.sqlite.BusyHandler;
import org.sqlite.SQLiteCommitListener;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

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
 * So a request writer waits for at most the one slice that was running when it arrived: once it waits, no
 * slice can begin. The gate counts this rather than trusting it: for every wait it records how many slices
 * began or ran during it ({@link Stats#mostSlicesOneWriterWaitedFor()}), which must never exceed one.
 *
 * <p>Work outside slices, on any thread, counts as a request. Connections opened elsewhere (another process,
 * a CLI command) do not pass the gate; against those SQLite's usual busy waiting applies.
 */
public final class WriteGate {

    /** What the gate has seen since the database opened. */
    public record Stats(long slices, long sliceRetries, long slicesDeferred, long foregroundWaits,
                        long foregroundTimeouts, long mostSlicesOneWriterWaitedFor, long longestSliceMicros,
                        long longestForegroundWaitMicros) {
    }

    /** Work on the slice's connection, inside its transaction. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection connection) throws SQLException;
    }

    /** A waiter whose transaction ended unseen (a read that was busy) is dropped after this many busy timeouts. */
    private static final int STALE_AFTER_TIMEOUTS = 1;
    /** The longest a waiter sleeps without a wake-up: bounds the cost of a holder in another process. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /** How long a slice keeps retrying when request writers keep taking the lock first. */
    private static final long SLICE_PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(120);

    private static final ThreadLocal<Boolean> IN_SLICE = new ThreadLocal<>();

    private final long busyTimeoutNanos;
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

    WriteGate(Duration busyTimeout) {
        this.busyTimeoutNanos = busyTimeout.toNanos();
    }

    /** Installs the gate's busy handler and transaction hooks on a new connection of the database. */
    void watch(Connection connection) throws SQLException {
        SQLiteConnection sqlite = connection.unwrap(SQLiteConnection.class);
        Watch watch = new Watch();
        BusyHandler.setHandler(sqlite, watch.busyHandler);
        sqlite.getDatabase().addCommitListener(watch);
    }

    /** True on a thread running a background slice. */
    static boolean inSlice() {
        return IN_SLICE.get() != null;
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
                // The adapter's one transaction rule: BEGIN IMMEDIATE, COMMIT succeeded = written.
                return Transactions.transaction(connection, work::run, result -> true, discard);
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
                    mostSlicesWaitedFor, longestSliceNanos / 1_000, longestWaitNanos / 1_000);
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
            while (sliceActive || !waiting.isEmpty()) {
                if (!waiting.isEmpty() && !deferred) {
                    deferred = true;
                    slicesDeferred++;
                }
                dropStaleWaiters(System.nanoTime());
                changed.awaitNanos(POLL_NANOS * 25);
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

    private void endSlice(long began, boolean busy) {
        lock.lock();
        try {
            sliceActive = false;
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
                // A request holds the lock. Once another request waits, it goes first: give the lock up.
                if (!waiting.isEmpty() || remaining <= 0) {
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
            if (remaining <= 0) {
                foregroundTimeouts++;
                deregister(watch, now);
                return 0;
            }
            // Whoever holds the lock (the running slice, another request, another process), its commit or
            // rollback wakes us; the poll bounds the wait when the hook fires before the lock is free. Not
            // waiting for the slice's end as the gate sees it: SQLite frees the lock before the commit's
            // checkpoint, which can take long on a loaded disk, and no new slice can begin meanwhile anyway.
            changed.awaitNanos(Math.min(remaining, POLL_NANOS));
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deregister(watch, System.nanoTime());
            return 0;
        } finally {
            lock.unlock();
        }
    }

    /** A transaction ended on {@code watch}'s connection: its writer, if it waited, has been served. */
    private void transactionEnded(Watch watch) {
        lock.lock();
        try {
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
    private final class Watch implements SQLiteCommitListener {
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
    }
}
