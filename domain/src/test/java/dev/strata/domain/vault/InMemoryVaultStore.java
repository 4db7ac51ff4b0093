package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A hand-written {@link VaultStore} fake. */
public final class InMemoryVaultStore implements VaultStore {

    private final Map<String, TreeMap<String, VaultEntry>> entries = new TreeMap<>();
    private final java.util.Set<List<String>> redacted = new java.util.HashSet<>();

    @Override
    public synchronized List<VaultEntry> all(Tenant tenant) {
        return List.copyOf(entries.getOrDefault(tenant.value(), new TreeMap<>()).values());
    }

    @Override
    public synchronized Optional<VaultEntry> get(Tenant tenant, String key) {
        return Optional.ofNullable(entries.getOrDefault(tenant.value(), new TreeMap<>()).get(key));
    }

    @Override
    public synchronized VaultEntry put(Tenant tenant, String key, String value, boolean secret, Instant now) {
        VaultEntry e = new VaultEntry(key, value, secret, now);
        entries.computeIfAbsent(tenant.value(), t -> new TreeMap<>()).put(key, e);
        redacted.remove(List.of(tenant.value(), key)); // every put must be swept again, as the SQLite store does
        return e;
    }

    @Override
    public synchronized boolean delete(Tenant tenant, String key) {
        redacted.remove(List.of(tenant.value(), key));
        return entries.getOrDefault(tenant.value(), new TreeMap<>()).remove(key) != null;
    }

    @Override
    public synchronized List<VaultSecret> secrets() {
        List<VaultSecret> all = new ArrayList<>();
        entries.forEach((tenant, byKey) -> byKey.values().stream().filter(VaultEntry::secret)
                .forEach(e -> all.add(new VaultSecret(Tenant.of(tenant), e.key(), e.value()))));
        return all;
    }

    @Override
    public synchronized List<VaultSecret> unredactedSecrets() {
        return secrets().stream().filter(s -> !redacted.contains(List.of(s.tenant().value(), s.key()))).toList();
    }

    @Override
    public synchronized void markRedacted(Tenant tenant, String key, Instant at) {
        if (get(tenant, key).filter(VaultEntry::secret).isPresent()) {
            redacted.add(List.of(tenant.value(), key));
        }
    }

    @Override
    public int sealAtRest() {
        return 0;
    }
}
