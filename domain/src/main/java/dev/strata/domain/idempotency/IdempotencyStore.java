package dev.strata.domain.idempotency;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Driven port: the keys of keyed writes and their first answers, per tenant. Kept where the data is
 * (the same database), so that a write and the mark that it happened can commit together.
 */
public interface IdempotencyStore {

    /**
     * Claims {@code key} for a new request: when the tenant has no record of it (or only one claimed
     * before {@code expiredBefore}, which is replaced) a {@link IdempotencyRecord.State#PENDING} record is
     * written and the answer is empty; otherwise the existing record is returned and nothing changes.
     */
    Optional<IdempotencyRecord> claim(Tenant tenant, IdempotencyKey key, String fingerprint, Instant now,
                                      Instant expiredBefore);

    /**
     * Runs {@code work} so that every transaction it commits on this thread also marks the claim
     * {@link IdempotencyRecord.State#APPLIED}, in that same transaction: after a crash the record says
     * truthfully whether anything was written. Work that commits nothing leaves the claim pending.
     */
    <T> T markingWrites(Tenant tenant, IdempotencyKey key, Supplier<T> work);

    /** Keeps the answer: the record becomes {@link IdempotencyRecord.State#ANSWERED}. */
    void answer(Tenant tenant, IdempotencyKey key, StoredAnswer answer);

    /**
     * Forgets a claim under which nothing was written ({@link IdempotencyRecord.State#PENDING}), so the key
     * may be used again; returns false (and changes nothing) when the record is applied or answered.
     */
    boolean releaseIfPending(Tenant tenant, IdempotencyKey key);

    /** The record of a key, whatever its state. */
    Optional<IdempotencyRecord> find(Tenant tenant, IdempotencyKey key);

    /** Removes the records of every tenant claimed before {@code cutoff}; returns how many. */
    int purgeClaimedBefore(Instant cutoff);
}
