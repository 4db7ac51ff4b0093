package dev.strata.adapters.llm.chat;

import java.time.Duration;
import java.util.Objects;

/**
 * How a provider call is retried on 408, 429, 5xx, timeouts and connection failures: at most
 * {@code maxAttempts} attempts in all, waiting what the provider's {@code Retry-After} asks or
 * else an exponential backoff with jitter. A provider asking for more than
 * {@code maxRetryAfter} is not waited for: the call fails and the job's next run tries again.
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, Duration maxRetryAfter) {

    public static final RetryPolicy DEFAULT =
            new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(8), Duration.ofSeconds(60));

    public RetryPolicy {
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
        if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0 || maxRetryAfter.isNegative()) {
            throw new IllegalArgumentException("backoffs must satisfy 0 <= initialBackoff <= maxBackoff, maxRetryAfter >= 0");
        }
    }

    /**
     * The wait before retry number {@code retry} (1 for the first retry): the exponential step
     * capped at {@code maxBackoff}, of which a random half is kept ("equal jitter"), so clients
     * that failed together do not come back together yet every retry still waits.
     *
     * @param random a value in [0, 1)
     */
    public Duration backoff(int retry, double random) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry numbers start at 1");
        }
        long capMillis = maxBackoff.toMillis();
        long stepMillis = initialBackoff.toMillis();
        for (int i = 1; i < retry && stepMillis < capMillis; i++) {
            stepMillis = Math.min(capMillis, stepMillis * 2);
        }
        stepMillis = Math.min(capMillis, stepMillis);
        long half = stepMillis / 2;
        return Duration.ofMillis(half + (long) (random * (stepMillis - half)));
    }
}
