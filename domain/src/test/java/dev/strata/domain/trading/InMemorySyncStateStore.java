package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** {@link SyncStateStore} in memory; passes {@link SyncStateStoreContract}. */
public final class InMemorySyncStateStore implements SyncStateStore {

    private final Map<String, SyncState> rows = new TreeMap<>();

    private static String id(Tenant tenant, SyncKey key) {
        return tenant.value() + "\u0000" + key.source().wireName() + "\u0000" + key.subAccount().value();
    }

    @Override
    public synchronized Optional<SyncState> find(Tenant tenant, SyncKey key) {
        return Optional.ofNullable(rows.get(id(tenant, key)));
    }

    @Override
    public synchronized List<SyncState> list(Tenant tenant) {
        return rows.values().stream().filter(s -> s.tenant().equals(tenant))
                .sorted(Comparator.comparing((SyncState s) -> s.key().source().wireName())
                        .thenComparing(s -> s.key().subAccount().value()))
                .toList();
    }

    @Override
    public synchronized void recordSuccess(Tenant tenant, SyncKey key, Optional<Instant> watermark, Instant at) {
        Optional<Instant> current = find(tenant, key).flatMap(SyncState::watermark);
        Optional<Instant> next = watermark.isEmpty() ? current
                : current.filter(c -> c.isAfter(watermark.get())).or(() -> watermark);
        rows.put(id(tenant, key), new SyncState(tenant, key, next.map(Stored::millis), Stored.millis(at),
                Optional.empty(), 0));
    }

    @Override
    public synchronized List<Tenant> tenants() {
        return rows.values().stream().map(SyncState::tenant).distinct().sorted(Comparator.comparing(Tenant::value))
                .toList();
    }

    @Override
    public synchronized void recordFailure(Tenant tenant, SyncKey key, String error, Instant at) {
        Optional<SyncState> current = find(tenant, key);
        rows.put(id(tenant, key), new SyncState(tenant, key, current.flatMap(SyncState::watermark), Stored.millis(at),
                Optional.of(error), current.map(SyncState::consecutiveFailures).orElse(0) + 1));
    }

    private static final class Stored {
        static Instant millis(Instant at) {
            return at.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        }
    }
}
