package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@link SpotActivityStore} in memory; passes {@link SpotActivityStoreContract}. */
public final class InMemorySpotActivityStore implements SpotActivityStore {

    private final List<StoredSpotActivity> rows = new ArrayList<>();
    private long nextId = 1;

    @Override
    public synchronized int insertAll(Tenant tenant, List<SpotActivity> activities, Instant now) {
        activities.forEach(a -> {
            if (!a.tenant().equals(tenant)) {
                throw new IllegalArgumentException("an activity of another tenant");
            }
        });
        Set<String> held = new HashSet<>();
        rows.stream().filter(r -> r.activity().tenant().equals(tenant)).forEach(r -> held.add(r.activity().txHash()));
        int inserted = 0;
        for (SpotActivity a : activities) {
            if (held.add(a.txHash())) {
                rows.add(new StoredSpotActivity(nextId++, a, now));
                inserted++;
            }
        }
        return inserted;
    }

    @Override
    public synchronized List<StoredSpotActivity> after(Tenant tenant, long afterId, int limit) {
        return rows.stream().filter(r -> r.activity().tenant().equals(tenant) && r.id() > afterId).limit(limit).toList();
    }

    @Override
    public synchronized long countAfter(Tenant tenant, long afterId) {
        return rows.stream().filter(r -> r.activity().tenant().equals(tenant) && r.id() > afterId).count();
    }
}
