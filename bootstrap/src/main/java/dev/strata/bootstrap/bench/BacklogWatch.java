package dev.strata.bootstrap.bench;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Watches a backlog run of {@code strata bench load}: how many memories wait for embedding when the clients
 * start and when they stop, how long the rest takes to drain afterwards (bounded), and whether the search-index
 * compaction, run every few seconds meanwhile, succeeds each time. The compaction is what failed every
 * minute behind the embedding worker before request writers took priority, so it is part of the verdict.
 */
public final class BacklogWatch implements LoadGenerator.Phases {

    /**
     * What was seen. {@code drainSeconds} is empty when the backlog had not drained within the timeout;
     * {@code drainAwaited} is false when the timeout was 0 (the run did not wait for the drain).
     */
    public record Report(long imported, OptionalLong pendingAtStart, OptionalLong pendingAtEnd, double clientSeconds,
                         OptionalDouble drainSeconds, OptionalLong pendingAfterDrain, int compactions,
                         int compactionFailures, Optional<String> lastCompactionError, boolean drainAwaited) {
    }

    private static final long POLL_MILLIS = 1_000;

    private final long imported;
    private final Supplier<OptionalLong> pending;
    private final Optional<Runnable> compaction;
    private final Duration compactionEvery;
    private final Duration drainTimeout;
    private final LongSupplier nanoTime;
    private final Consumer<String> progress;
    private final CountDownLatch stop = new CountDownLatch(1);
    private Thread compactor;
    private volatile int compactions;
    private volatile int compactionFailures;
    private volatile String lastCompactionError;
    private OptionalLong pendingAtStart = OptionalLong.empty();
    private OptionalLong pendingAtEnd = OptionalLong.empty();
    private long startNanos;
    private long stopNanos;

    /**
     * @param pending    memories waiting for embedding right now; empty when the server does not tell
     * @param compaction one compaction of the search indexes (it throws when it fails); empty against a
     *                   server in another process, whose compaction job this cannot see
     */
    public BacklogWatch(long imported, Supplier<OptionalLong> pending, Optional<Runnable> compaction,
                        Duration compactionEvery, Duration drainTimeout, LongSupplier nanoTime,
                        Consumer<String> progress) {
        this.imported = imported;
        this.pending = Objects.requireNonNull(pending, "pending");
        this.compaction = Objects.requireNonNull(compaction, "compaction");
        this.compactionEvery = Objects.requireNonNull(compactionEvery, "compactionEvery");
        this.drainTimeout = Objects.requireNonNull(drainTimeout, "drainTimeout");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    @Override
    public void clientsStarting() {
        pendingAtStart = pending.get();
        startNanos = nanoTime.getAsLong();
        pendingAtStart.ifPresent(n -> progress.accept(n + " memories wait for embedding as the clients start"));
        compaction.ifPresent(job -> compactor = Thread.ofPlatform().name("bench-compaction").daemon()
                .start(() -> compactUntilStopped(job)));
    }

    @Override
    public void clientsStopped() {
        stopNanos = nanoTime.getAsLong();
        pendingAtEnd = pending.get();
    }

    /** Waits (bounded) for the backlog to drain, stops the compaction loop and tells what was seen. */
    public Report finish() throws InterruptedException {
        long drainStart = nanoTime.getAsLong();
        long deadline = drainStart + drainTimeout.toNanos();
        OptionalLong left = pending.get();
        while (left.isPresent() && left.getAsLong() > 0 && nanoTime.getAsLong() < deadline) {
            Thread.sleep(POLL_MILLIS);
            left = pending.get();
        }
        OptionalDouble drained = left.isPresent() && left.getAsLong() == 0
                ? OptionalDouble.of((nanoTime.getAsLong() - drainStart) / 1e9) : OptionalDouble.empty();
        stop.countDown();
        if (compactor != null) {
            compactor.join();
        }
        return new Report(imported, pendingAtStart, pendingAtEnd, (stopNanos - startNanos) / 1e9, drained, left,
                compactions, compactionFailures, Optional.ofNullable(lastCompactionError), drainTimeout.isPositive());
    }

    private void compactUntilStopped(Runnable job) {
        try {
            do {
                try {
                    job.run();
                    compactions++;
                } catch (RuntimeException e) {
                    compactions++;
                    compactionFailures++;
                    lastCompactionError = e.getMessage();
                    progress.accept("index compaction failed: " + e.getMessage());
                }
            } while (!stop.await(compactionEvery.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
