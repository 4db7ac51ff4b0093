package dev.strata.domain.idempotency;

import dev.strata.domain.idempotency.IdempotencyRecord.State;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The fake has no transactions: a test says where the work "commits" by calling {@link #committed()}
 * inside it, which marks the claims of the work running on this thread applied, as a committing
 * transaction does in a real store.
 */
public final class InMemoryIdempotencyStore implements IdempotencyStore {

    private final Map<String, IdempotencyRecord> records = new HashMap<>();
    private final ThreadLocal<Runnable> marking = new ThreadLocal<>();

    private static String id(Tenant tenant, IdempotencyKey key) {
        return tenant.value() + "\u0000" + key.value();
    }

    @Override
    public synchronized Optional<IdempotencyRecord> claim(Tenant tenant, IdempotencyKey key, String fingerprint,
                                                          Instant now, Instant expiredBefore) {
        IdempotencyRecord existing = records.get(id(tenant, key));
        if (existing != null && !existing.claimedAt().isBefore(expiredBefore)) {
            return Optional.of(existing);
        }
        records.put(id(tenant, key), new IdempotencyRecord(tenant, key, fingerprint, State.PENDING, now,
                Optional.empty()));
        return Optional.empty();
    }

    @Override
    public <T> T markingWrites(Tenant tenant, IdempotencyKey key, Supplier<T> work) {
        Runnable previous = marking.get();
        marking.set(() -> markApplied(tenant, key));
        try {
            return work.get();
        } finally {
            marking.set(previous);
        }
    }

    /** What a committing transaction does inside {@link #markingWrites}: marks the thread's claim applied. */
    public void committed() {
        Runnable mark = marking.get();
        if (mark != null) {
            mark.run();
        }
    }

    private synchronized void markApplied(Tenant tenant, IdempotencyKey key) {
        records.computeIfPresent(id(tenant, key), (k, r) -> r.state() == State.PENDING
                ? new IdempotencyRecord(tenant, key, r.fingerprint(), State.APPLIED, r.claimedAt(), Optional.empty())
                : r);
    }

    @Override
    public synchronized void answer(Tenant tenant, IdempotencyKey key, StoredAnswer answer) {
        records.computeIfPresent(id(tenant, key), (k, r) -> new IdempotencyRecord(tenant, key, r.fingerprint(),
                State.ANSWERED, r.claimedAt(), Optional.of(answer)));
    }

    @Override
    public synchronized boolean releaseIfPending(Tenant tenant, IdempotencyKey key) {
        IdempotencyRecord r = records.get(id(tenant, key));
        if (r == null || r.state() != State.PENDING) {
            return false;
        }
        records.remove(id(tenant, key));
        return true;
    }

    @Override
    public synchronized Optional<IdempotencyRecord> find(Tenant tenant, IdempotencyKey key) {
        return Optional.ofNullable(records.get(id(tenant, key)));
    }

    @Override
    public synchronized int purgeClaimedBefore(Instant cutoff) {
        int before = records.size();
        records.values().removeIf(r -> r.claimedAt().isBefore(cutoff));
        return before - records.size();
    }
}
