package dev.strata.application.fact;

import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The debounced background sweep behind {@link FactRecorded}: a burst of recordings for a tenant
 * leads to one consolidation run, {@code debounce} after the last recording, but never later than
 * {@code maxWait} after the first one, so a steady trickle of facts cannot postpone consolidation
 * forever. Recording never waits for the sweep. A recording that arrives while a sweep runs
 * schedules the next one.
 */
public final class FactSweeper implements FactListener {

    private static final System.Logger LOG = System.getLogger(FactSweeper.class.getName());

    private final Consumer<Tenant> sweep;
    private final SweepScheduler scheduler;
    private final Clock clock;
    private final Duration debounce;
    private final Duration maxWait;
    private final Map<Tenant, Planned> planned = new HashMap<>();

    private record Planned(Instant firstRequest, Instant due, SweepScheduler.Scheduled handle, Object token) {
    }

    /**
     * @param sweep what a sweep does for a tenant, normally {@link GeneralFactService#consolidatePending}
     */
    public FactSweeper(Consumer<Tenant> sweep, SweepScheduler scheduler, Clock clock, Duration debounce,
                       Duration maxWait) {
        this.sweep = Objects.requireNonNull(sweep, "sweep");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.debounce = Objects.requireNonNull(debounce, "debounce");
        this.maxWait = Objects.requireNonNull(maxWait, "maxWait");
        if (debounce.isNegative() || maxWait.compareTo(debounce) < 0) {
            throw new IllegalArgumentException("need 0 <= debounce <= maxWait, got debounce " + debounce
                    + " and maxWait " + maxWait);
        }
    }

    @Override
    public void onRecorded(FactRecorded event) {
        request(event.fact().tenant());
    }

    /** Asks for a sweep of the tenant, postponing a planned one by the debounce within the max wait. */
    public synchronized void request(Tenant tenant) {
        Instant now = clock.instant();
        Planned current = planned.get(tenant);
        Instant first = current == null ? now : current.firstRequest();
        Instant latest = first.plus(maxWait);
        Instant due = now.plus(debounce).isAfter(latest) ? latest : now.plus(debounce);
        if (current != null) {
            if (current.due().equals(due)) {
                return;
            }
            current.handle().cancel();
        }
        Object token = new Object();
        Duration delay = due.isBefore(now) ? Duration.ZERO : Duration.between(now, due);
        SweepScheduler.Scheduled handle = scheduler.schedule(delay, () -> run(tenant, token));
        planned.put(tenant, new Planned(first, due, handle, token));
    }

    /** Whether a sweep is planned for the tenant and has not started yet. */
    public synchronized boolean isPlanned(Tenant tenant) {
        return planned.containsKey(tenant);
    }

    private void run(Tenant tenant, Object token) {
        synchronized (this) {
            Planned current = planned.get(tenant);
            if (current == null || current.token() != token) {
                return;
            }
            planned.remove(tenant);
        }
        try {
            sweep.accept(tenant);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "fact sweep for tenant " + tenant + " failed; the periodic "
                    + "catch-up will retry", e);
        }
    }
}
