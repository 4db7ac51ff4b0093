package dev.strata.application.personalization.rebuild;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One run of a flow per user at a time. A scheduled or event-triggered run that finds the flow
 * running for the user steps aside (its work is being done); a forced run waits its turn. Without
 * this, new mirror rows stored by a refresh's own sync would start a second, concurrent summary
 * rebuild of the same window, and two memory extractions could store the same facts twice.
 */
final class FlowLocks {

    private record Key(String flow, Tenant tenant, UserId user) {
    }

    private final Map<Key, ReentrantLock> locks = new ConcurrentHashMap<>();

    /** {@code work} under the user's lock of {@code flow}; empty when not forced and the flow is running. */
    <T> Optional<T> run(String flow, Tenant tenant, UserId user, boolean forced, Supplier<T> work) {
        ReentrantLock lock = locks.computeIfAbsent(new Key(flow, tenant, user), k -> new ReentrantLock());
        if (forced) {
            lock.lock();
        } else if (!lock.tryLock()) {
            return Optional.empty();
        }
        try {
            return Optional.of(work.get());
        } finally {
            lock.unlock();
        }
    }
}
