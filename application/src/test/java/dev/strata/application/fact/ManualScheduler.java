package dev.strata.application.fact;

import dev.strata.domain.MutableClock;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A {@link SweepScheduler} driven by hand on a {@link MutableClock}: tasks run only when the test moves time. */
final class ManualScheduler implements SweepScheduler {

    private final MutableClock clock;
    private final List<Task> tasks = new ArrayList<>();
    private int ran;

    private final class Task implements Scheduled {
        final Instant due;
        final Runnable body;
        boolean cancelled;

        Task(Instant due, Runnable body) {
            this.due = due;
            this.body = body;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    ManualScheduler(MutableClock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized Scheduled schedule(Duration delay, Runnable task) {
        Task t = new Task(clock.instant().plus(delay), task);
        tasks.add(t);
        return t;
    }

    /** Moves time forward and runs, in due order, every live task that became due. */
    void advance(Duration by) {
        clock.advance(by);
        while (true) {
            Task next;
            synchronized (this) {
                tasks.removeIf(t -> t.cancelled);
                next = tasks.stream().filter(t -> !t.due.isAfter(clock.instant()))
                        .min(Comparator.comparing((Task t) -> t.due)).orElse(null);
                if (next == null) {
                    return;
                }
                tasks.remove(next);
                ran++;
            }
            next.body.run();
        }
    }

    synchronized int live() {
        return (int) tasks.stream().filter(t -> !t.cancelled).count();
    }

    synchronized int ran() {
        return ran;
    }
}
