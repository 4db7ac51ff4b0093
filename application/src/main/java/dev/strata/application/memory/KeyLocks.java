package dev.strata.application.memory;

import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Tenant;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Serialises saves to the same (tenant, key) inside this process, so concurrent supersedes of one
 * key queue here instead of contending for the database's write lock, while saves to different keys
 * go on in parallel. Striped: a fixed set of locks, so memory stays bounded however many keys exist.
 * Atomicity itself comes from the store's transaction; this is about fairness and throughput.
 */
final class KeyLocks {

    private final ReentrantLock[] stripes;

    KeyLocks(int stripes) {
        this.stripes = new ReentrantLock[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new ReentrantLock(true);
        }
    }

    <T> T withLock(Tenant tenant, MemoryKey key, Supplier<T> action) {
        ReentrantLock lock = stripes[Math.floorMod((tenant.value() + '\u0000' + key.value()).hashCode(), stripes.length)];
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }
}
