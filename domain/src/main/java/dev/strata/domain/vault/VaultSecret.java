package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** A secret vault value with its owner, as loaded into the {@link CredentialScrubber} at startup. */
public record VaultSecret(Tenant tenant, String key, String value) {

    public VaultSecret {
        Objects.requireNonNull(tenant, "tenant");
        VaultEntry.checkKey(key);
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
        return "VaultSecret[" + tenant + "/" + key + "]";
    }
}
