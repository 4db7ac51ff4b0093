package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Driven port: the per-tenant key/value vault. */
public interface VaultStore {

    /** The tenant's entries ordered by key. */
    List<VaultEntry> all(Tenant tenant);

    Optional<VaultEntry> get(Tenant tenant, String key);

    /** Creates or replaces a key's value and secret flag. */
    VaultEntry put(Tenant tenant, String key, String value, boolean secret, Instant now);

    /** False when the key did not exist. */
    boolean delete(Tenant tenant, String key);

    /** Every secret of every tenant: what the credential scrubber must know at startup. */
    List<VaultSecret> secrets();
}
