package dev.strata.bootstrap.fact;

import dev.strata.application.fact.SweepScheduler;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The fact sweeps' one background thread. A single daemon thread keeps sweeps in order and off
 * the request threads; closing it drops sweeps not yet started (their facts stay pending and the
 * periodic catch-up or the next start picks them up).
 */
final class ExecutorSweepScheduler implements SweepScheduler, AutoCloseable {

    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "strata-fact-sweep");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public Scheduled schedule(Duration delay, Runnable task) {
        ScheduledFuture<?> future = executor.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }

    /** Stops taking sweeps and gives a running one a moment to finish before the database closes. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
