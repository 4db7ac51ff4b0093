package dev.strata.application.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * spec 01's compiled-page cache: an LRU of rendered pages keyed {@code <tenant>|<entity>} and
 * {@code <tenant>|<entity>|nohc}, each entry living at most {@code ttl}. Invalidation is per
 * tenant and bumps the tenant's generation, so a page rendered from state read before an
 * invalidation is never stored after it.
 */
final class CompiledPageCache {

    private final Duration ttl;
    private final int capacity;
    private final LinkedHashMap<String, Cached> entries;
    private final Map<Tenant, Long> generations = new HashMap<>();

    private record Cached(Tenant tenant, String page, Instant storedAt) {
    }

    CompiledPageCache(Duration ttl, int capacity) {
        this.ttl = ttl;
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
                return size() > CompiledPageCache.this.capacity;
            }
        };
    }

    static String key(Tenant tenant, String entity, boolean includeHardConstraints) {
        return tenant.value() + "|" + entity + (includeHardConstraints ? "" : "|nohc");
    }

    synchronized Optional<String> get(String key, Instant now) {
        Cached e = entries.get(key);
        if (e == null) {
            return Optional.empty();
        }
        if (!now.isBefore(e.storedAt().plus(ttl))) {
            entries.remove(key);
            return Optional.empty();
        }
        return Optional.of(e.page());
    }

    synchronized long generation(Tenant tenant) {
        return generations.getOrDefault(tenant, 0L);
    }

    /** Stores a page rendered at {@code generation}; dropped when the tenant was invalidated meanwhile. */
    synchronized void put(String key, Tenant tenant, long generation, String page, Instant now) {
        if (capacity == 0 || ttl.isZero() || generation != generation(tenant)) {
            return;
        }
        entries.put(key, new Cached(tenant, page, now));
    }

    synchronized void invalidate(Tenant tenant) {
        generations.merge(tenant, 1L, Long::sum);
        entries.values().removeIf(e -> e.tenant().equals(tenant));
    }

    synchronized int size() {
        return entries.size();
    }
}
