package dev.strata.domain.profile;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** A hand-written {@link UserProfileStore} fake. */
public final class InMemoryUserProfileStore implements UserProfileStore {

    private final Map<Tenant, TreeMap<String, ProfileEntry>> entries = new ConcurrentHashMap<>();

    @Override
    public synchronized List<ProfileEntry> all(Tenant tenant) {
        return List.copyOf(entries.getOrDefault(tenant, new TreeMap<>()).values());
    }

    @Override
    public synchronized Optional<ProfileEntry> get(Tenant tenant, String key) {
        return Optional.ofNullable(entries.getOrDefault(tenant, new TreeMap<>()).get(key));
    }

    @Override
    public synchronized ProfileEntry put(Tenant tenant, String key, String value, Instant now) {
        ProfileEntry e = new ProfileEntry(key, value, now);
        entries.computeIfAbsent(tenant, t -> new TreeMap<>()).put(key, e);
        return e;
    }

    @Override
    public synchronized boolean delete(Tenant tenant, String key) {
        return entries.getOrDefault(tenant, new TreeMap<>()).remove(key) != null;
    }
}
