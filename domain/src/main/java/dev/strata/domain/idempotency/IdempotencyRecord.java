package dev.strata.domain.idempotency;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What a store keeps for one key of one tenant.
 *
 * @param fingerprint the request the key was first used with (method, path and body, hashed by the front end)
 * @param state       how far the first request got
 * @param claimedAt   when the first request arrived; the key expires 24 hours later
 * @param answer      the first answer, present exactly when the state is {@link State#ANSWERED}
 */
public record IdempotencyRecord(Tenant tenant, IdempotencyKey key, String fingerprint, State state, Instant claimedAt,
                                Optional<StoredAnswer> answer) {

    public enum State {
        /** Claimed; nothing the request wrote has committed (yet). */
        PENDING,
        /** A transaction of the request committed, but its answer was not kept (the server stopped). */
        APPLIED,
        /** The answer is kept and is given to every retry. */
        ANSWERED
    }

    public IdempotencyRecord {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(claimedAt, "claimedAt");
        Objects.requireNonNull(answer, "answer");
        if ((state == State.ANSWERED) != answer.isPresent()) {
            throw new IllegalArgumentException("an answer is kept exactly when the state is ANSWERED");
        }
    }
}
