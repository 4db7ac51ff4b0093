package dev.strata.application.fact;

import java.time.Duration;

/**
 * Runs a task once after a delay (driven port of the debounced sweep). Bootstrap backs it with a
 * single-threaded executor; tests back it with a hand-driven queue on a controlled clock.
 */
@FunctionalInterface
public interface SweepScheduler {

    Scheduled schedule(Duration delay, Runnable task);

    /** A task that has been scheduled; cancelling one that already started is harmless. */
    @FunctionalInterface
    interface Scheduled {
        void cancel();
    }
}
