package dev.strata.domain.error;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A dependency (storage, a model) cannot serve the request right now; retrying later may work. When the thrower
 * knows roughly when, it says so ({@link #retryAfter}): HTTP answers carry it as {@code Retry-After}.
 */
public final class UnavailableException extends DomainException {

    /** Empty: no estimate of when a retry may work. */
    private final transient Optional<Duration> retryAfter;

    public UnavailableException(String message, Throwable cause) {
        super(message, cause);
        this.retryAfter = Optional.empty();
    }

    public UnavailableException(String message) {
        super(message);
        this.retryAfter = Optional.empty();
    }

    /** @param retryAfter how long a client should wait before retrying (positive) */
    public UnavailableException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = Optional.of(positive(retryAfter));
    }

    /** @param retryAfter how long a client should wait before retrying (positive) */
    public UnavailableException(String message, Throwable cause, Duration retryAfter) {
        super(message, cause);
        this.retryAfter = Optional.of(positive(retryAfter));
    }

    private static Duration positive(Duration retryAfter) {
        Objects.requireNonNull(retryAfter, "retryAfter");
        if (retryAfter.isNegative() || retryAfter.isZero()) {
            throw new IllegalArgumentException("retryAfter must be positive: " + retryAfter);
        }
        return retryAfter;
    }

    /** How long a client should wait before retrying, when the thrower can tell. */
    public Optional<Duration> retryAfter() {
        return retryAfter == null ? Optional.empty() : retryAfter;
    }

    /** The hint in whole seconds as HTTP's {@code Retry-After} wants it: rounded up, at least 1. */
    public Optional<Long> retryAfterSeconds() {
        return retryAfter().map(d -> Math.max(1, (d.toMillis() + 999) / 1000));
    }
}
