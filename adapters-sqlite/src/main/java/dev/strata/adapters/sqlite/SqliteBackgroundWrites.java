package dev.strata.adapters.sqlite;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.retrieval.BackgroundWrites;

import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The {@link BackgroundWrites} port on the database's {@link WriteGate}: one background slice per call, on the
 * calling thread, or ({@link #handedOff}) on a writer thread of its own.
 */
public final class SqliteBackgroundWrites implements BackgroundWrites, AutoCloseable {

    private final SqliteDatabase db;
    private final Optional<ThreadPoolExecutor> writer;

    public SqliteBackgroundWrites(SqliteDatabase db) {
        this(db, Optional.empty());
    }

    private SqliteBackgroundWrites(SqliteDatabase db, Optional<ThreadPoolExecutor> writer) {
        this.db = Objects.requireNonNull(db, "db");
        this.writer = writer;
    }

    /**
     * Slices run on one writer thread, started now by the calling thread and so at its CPU priority, whatever
     * the priority of the thread asking for a slice later. For background work that computes at a lowered
     * priority (the embedding worker): a slice holds the write lock that request writers may be waiting for,
     * and at a low priority on a busy CPU a few milliseconds of work could stretch to a second (priority
     * inversion). The asking thread waits for its slice. {@link #close} stops the thread.
     */
    public static SqliteBackgroundWrites handedOff(SqliteDatabase db, String threadName) {
        Objects.requireNonNull(threadName, "threadName");
        // One core thread that never times out: a replacement would be started by the (low-priority) caller.
        ThreadPoolExecutor writer = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                work -> Thread.ofPlatform().name(threadName).daemon().unstarted(work));
        writer.prestartAllCoreThreads();
        return new SqliteBackgroundWrites(db, Optional.of(writer));
    }

    @Override
    public void slice(Runnable work) {
        Objects.requireNonNull(work, "work");
        if (writer.isEmpty()) {
            sliceHere(work);
            return;
        }
        Future<?> done = writer.get().submit(() -> sliceHere(work));
        try {
            done.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new UnavailableException("a background write failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            // A stop: the slice may still commit, which leaves consistent rows (it is one transaction).
            Thread.currentThread().interrupt();
            throw new UnavailableException("interrupted while waiting for a background write", e);
        }
    }

    private void sliceHere(Runnable work) {
        try {
            db.inBackgroundSlice(c -> {
                work.run();
                return null;
            });
        } catch (SQLException e) {
            throw new UnavailableException("a background write failed: " + e.getMessage(), e);
        }
    }

    /** Stops the writer thread, if any, after the slice in flight. */
    @Override
    public void close() {
        writer.ifPresent(ThreadPoolExecutor::shutdown);
    }
}
