package dev.strata.application.idempotency;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.idempotency.IdempotencyKey;
import dev.strata.domain.idempotency.IdempotencyRecord;
import dev.strata.domain.idempotency.IdempotencyStore;
import dev.strata.domain.idempotency.StoredAnswer;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Keyed writes (the {@code Idempotency-Key} header of REST and the tools; MCP calls it the same way):
 * a retry of a write gets the first answer and writes nothing again.
 *
 * <ul>
 * <li>The same key with the same request within 24 hours: the first answer, again.</li>
 * <li>The same key with another request (another body, path or method): a 409; a key names one request.</li>
 * <li>The same key while the first request is still being served: a 409 (retry once it has answered).</li>
 * <li>Only an answer of a request that wrote is kept: a 2xx, or any answer after a transaction of the
 *     request committed. A refused request (4xx, 5xx before anything committed) frees the key, so the
 *     retry the 5xx invites really runs, and a corrected body may reuse it.</li>
 * <li>Across a crash: a transaction that commits also marks the key applied, in the same transaction.
 *     If the server stops before keeping the answer, a retry is told (409) that the request was applied
 *     and its answer is gone, instead of writing twice; a claim under which nothing committed is run
 *     again.</li>
 * </ul>
 * The front end computes the request's fingerprint (a hash of what makes two requests the same) and
 * turns its own answer into a {@link StoredAnswer}.
 */
public final class IdempotencyService {

    /** How long a key's first answer is kept (and the key reserved). */
    public static final Duration RETENTION = Duration.ofHours(24);

    private static final System.Logger LOG = System.getLogger(IdempotencyService.class.getName());

    private final IdempotencyStore store;
    private final Clock clock;
    /** Keys whose first request this process is serving right now. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    public IdempotencyService(IdempotencyStore store, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * What a keyed request answers.
     *
     * @param replayed true when the answer is the kept first answer and {@code write} did not run
     */
    public record Outcome(StoredAnswer answer, boolean replayed) {

        public Outcome {
            Objects.requireNonNull(answer, "answer");
        }
    }

    /**
     * Serves a keyed request: runs {@code write} once per key and fingerprint, or gives the kept answer.
     *
     * @throws ConflictException (details {@code reason}: {@code key_reused}, {@code in_flight} or
     *                           {@code answer_lost}) when the key cannot serve this request
     */
    public Outcome execute(Tenant tenant, IdempotencyKey key, String fingerprint, Supplier<StoredAnswer> write) {
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(write, "write");
        String flight = tenant.value() + "\u0000" + key.value();
        if (!inFlight.add(flight)) {
            throw conflict(key, "in_flight", "a request with this " + IdempotencyKey.FIELD
                    + " is still being served; retry once it has answered");
        }
        try {
            Instant now = clock.instant();
            Optional<IdempotencyRecord> existing = store.claim(tenant, key, fingerprint, now, now.minus(RETENTION));
            if (existing.isPresent()) {
                IdempotencyRecord first = existing.get();
                if (!first.fingerprint().equals(fingerprint)) {
                    throw conflict(key, "key_reused", IdempotencyKey.FIELD + " '" + key + "' was used for another "
                            + "request (another body, path or method) within 24 hours; use a new key for a new request");
                }
                switch (first.state()) {
                    case ANSWERED -> {
                        return new Outcome(first.answer().orElseThrow(), true);
                    }
                    case APPLIED -> throw conflict(key, "answer_lost", "the request with " + IdempotencyKey.FIELD
                            + " '" + key + "' was written, but the server stopped before it kept the answer; read "
                            + "the resource instead of retrying");
                    case PENDING -> {
                        // Claimed by a server that stopped before anything committed: nothing was written, run it.
                    }
                }
            }
            return new Outcome(run(tenant, key, write), false);
        } finally {
            inFlight.remove(flight);
        }
    }

    /** Forgets keys older than {@link #RETENTION}; returns how many. */
    public int purgeExpired() {
        return store.purgeClaimedBefore(clock.instant().minus(RETENTION));
    }

    private StoredAnswer run(Tenant tenant, IdempotencyKey key, Supplier<StoredAnswer> write) {
        StoredAnswer answer;
        try {
            answer = store.markingWrites(tenant, key, write);
        } catch (RuntimeException e) {
            release(tenant, key);
            throw e;
        }
        if (answer.isSuccess() || !release(tenant, key)) {
            keep(tenant, key, answer);
        }
        return answer;
    }

    /** True when the key is free again (or will be found pending, which runs the retry); false when applied. */
    private boolean release(Tenant tenant, IdempotencyKey key) {
        try {
            return store.releaseIfPending(tenant, key);
        } catch (RuntimeException e) {
            // Still pending: a retry finds a claim no request holds and runs, which is right (nothing committed).
            LOG.log(System.Logger.Level.WARNING, "could not free " + IdempotencyKey.FIELD + " of tenant " + tenant
                    + ": " + e.getMessage());
            return true;
        }
    }

    private void keep(Tenant tenant, IdempotencyKey key, StoredAnswer answer) {
        try {
            store.answer(tenant, key, answer);
        } catch (RuntimeException e) {
            // The write committed and the client gets its answer now; a retry will be told it was applied.
            LOG.log(System.Logger.Level.WARNING, "could not keep the answer for " + IdempotencyKey.FIELD
                    + " of tenant " + tenant + ": " + e.getMessage());
        }
    }

    private static ConflictException conflict(IdempotencyKey key, String reason, String message) {
        return new ConflictException(message, Map.of("reason", reason, "field", IdempotencyKey.FIELD,
                "key", key.value()));
    }
}
