package dev.strata.adapters.llm.chat;

import dev.strata.domain.error.UnavailableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Stops calling a provider that keeps failing. Closed, it counts consecutive failed calls (a
 * call fails once its retries are spent); at {@code failureThreshold} it opens and refuses calls
 * at once with {@link UnavailableException}. After {@code openDuration} it lets a single trial
 * call through (half-open): success closes it, failure opens it for another period.
 */
public final class CircuitBreaker {

    public enum State { CLOSED, OPEN, HALF_OPEN }

    private final String name;
    private final int failureThreshold;
    private final Duration openDuration;
    private final Clock clock;

    private State state = State.CLOSED;
    private int consecutiveFailures;
    private Instant openedAt = Instant.EPOCH;
    private boolean trialInFlight;

    public CircuitBreaker(String name, int failureThreshold, Duration openDuration, Clock clock) {
        this.name = Objects.requireNonNull(name, "name");
        this.openDuration = Objects.requireNonNull(openDuration, "openDuration");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (failureThreshold < 1) {
            throw new IllegalArgumentException("failureThreshold must be at least 1");
        }
        if (openDuration.isNegative()) {
            throw new IllegalArgumentException("openDuration must not be negative");
        }
        this.failureThreshold = failureThreshold;
    }

    /** Admits a call or throws; every admitted call must end in {@link #onSuccess}, {@link #onFailure} or {@link #release}. */
    public synchronized void acquire() {
        if (state == State.OPEN) {
            Instant reopensAt = openedAt.plus(openDuration);
            Instant now = clock.instant();
            if (now.isBefore(reopensAt)) {
                // The caller learns when the trial call will be let through: HTTP answers it as Retry-After.
                throw new UnavailableException(name + " circuit is open after " + failureThreshold
                        + " failed calls; next attempt allowed at " + reopensAt, Duration.between(now, reopensAt));
            }
            state = State.HALF_OPEN;
            trialInFlight = false;
        }
        if (state == State.HALF_OPEN) {
            if (trialInFlight) {
                throw new UnavailableException(name + " circuit is half-open and its trial call is still running");
            }
            trialInFlight = true;
        }
    }

    public synchronized void onSuccess() {
        state = State.CLOSED;
        consecutiveFailures = 0;
        trialInFlight = false;
    }

    public synchronized void onFailure() {
        trialInFlight = false;
        if (state == State.HALF_OPEN) {
            open();
            return;
        }
        consecutiveFailures++;
        if (consecutiveFailures >= failureThreshold) {
            open();
        }
    }

    /** Ends an admitted call that says nothing about the provider's health (for example an interrupt). */
    public synchronized void release() {
        trialInFlight = false;
    }

    /** The current state; an open circuit whose wait is over reads as half-open. */
    public synchronized State state() {
        if (state == State.OPEN && !clock.instant().isBefore(openedAt.plus(openDuration))) {
            return State.HALF_OPEN;
        }
        return state;
    }

    private void open() {
        state = State.OPEN;
        openedAt = clock.instant();
        consecutiveFailures = 0;
    }
}
