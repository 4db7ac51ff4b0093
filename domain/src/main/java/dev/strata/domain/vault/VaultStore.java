package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the per-tenant key/value vault. Secret values are encrypted at rest by stores that
 * persist them; every method here speaks plaintext.
 */
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

    /**
     * Secrets whose value has not yet been redacted from the rest of the stored text: set (or made
     * secret) since the last {@link #markRedacted}, or stored before redaction existed.
     */
    List<VaultSecret> unredactedSecrets();

    /** Records that stored text was swept for the key's current value. */
    void markRedacted(Tenant tenant, String key, Instant at);

    /**
     * Brings secret values at rest to the store's current protection: values stored in clear (before
     * encryption existed) or under a retired key are sealed under the current one. Returns how many
     * values were re-sealed; a store that keeps nothing on disk returns 0.
     */
    int sealAtRest();
}
