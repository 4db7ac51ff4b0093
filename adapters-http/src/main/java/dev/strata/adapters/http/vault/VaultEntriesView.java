package dev.strata.adapters.http.vault;

import java.util.List;

/** {@code GET /v1/vault}: every key with its secret flag, values of plain entries only. */
record VaultEntriesView(List<VaultEntryView> entries) {
}
