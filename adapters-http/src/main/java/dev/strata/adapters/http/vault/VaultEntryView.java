package dev.strata.adapters.http.vault;

import dev.strata.domain.vault.VaultEntry;

import java.util.Optional;

/**
 * A vault entry. A secret's {@code value} appears only when revealed, which only the explicit
 * {@code GET /v1/vault/{key}} does; listings and writes show that a secret exists, not what it is.
 */
record VaultEntryView(String key, boolean isSecret, Optional<String> value, String updatedAt) {

    static VaultEntryView of(VaultEntry e, boolean reveal) {
        return new VaultEntryView(e.key(), e.secret(), !e.secret() || reveal ? Optional.of(e.value()) : Optional.empty(),
                e.updatedAt().toString());
    }
}
