package dev.strata.domain.access;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A hand-written {@link ApiKeyStore} fake. */
public final class InMemoryApiKeyStore implements ApiKeyStore {

    private final Map<String, ApiKey> keys = new LinkedHashMap<>();

    @Override
    public synchronized void insert(ApiKey key) {
        if (keys.putIfAbsent(key.id(), key) != null) {
            throw new IllegalStateException("duplicate key id " + key.id());
        }
    }

    @Override
    public synchronized Optional<ApiKey> find(String id) {
        return Optional.ofNullable(keys.get(id));
    }

    @Override
    public synchronized List<ApiKey> all() {
        List<ApiKey> all = new ArrayList<>(keys.values());
        all.sort(Comparator.comparing(ApiKey::createdAt).thenComparing(ApiKey::id));
        return all;
    }

    @Override
    public synchronized boolean revoke(String id, Instant at) {
        ApiKey key = keys.get(id);
        if (key == null || !key.active()) {
            return false;
        }
        keys.put(id, key.revoked(at));
        return true;
    }

    @Override
    public synchronized boolean anyActive() {
        return keys.values().stream().anyMatch(ApiKey::active);
    }
}
