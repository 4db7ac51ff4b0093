package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.VaultEntry;
import dev.strata.domain.vault.VaultSecret;
import dev.strata.domain.vault.VaultStore;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@link VaultStore} on the {@code vault} table. The table has no FTS index and no trigger feeds one:
 * vault values are never searchable.
 */
public final class SqliteVaultStore implements VaultStore {

    private final DbClient db;

    public SqliteVaultStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public List<VaultEntry> all(Tenant tenant) {
        try (Stream<DbRow> rows = db.execute().query(
                "SELECT key, value, is_secret, updated_at FROM vault WHERE tenant = ? ORDER BY key", tenant.value())) {
            return rows.map(SqliteVaultStore::toEntry).toList();
        }
    }

    @Override
    public Optional<VaultEntry> get(Tenant tenant, String key) {
        return db.execute().get("SELECT key, value, is_secret, updated_at FROM vault WHERE tenant = ? AND key = ?",
                tenant.value(), key).map(SqliteVaultStore::toEntry);
    }

    @Override
    public VaultEntry put(Tenant tenant, String key, String value, boolean secret, Instant now) {
        VaultEntry entry = new VaultEntry(key, value, secret, Timestamps.truncate(now));
        db.execute().insert("INSERT INTO vault(tenant, key, value, is_secret, updated_at) VALUES (?, ?, ?, ?, ?) "
                        + "ON CONFLICT(tenant, key) DO UPDATE SET value = excluded.value, is_secret = excluded.is_secret, "
                        + "updated_at = excluded.updated_at",
                tenant.value(), key, value, secret ? 1 : 0, Timestamps.format(entry.updatedAt()));
        return entry;
    }

    @Override
    public boolean delete(Tenant tenant, String key) {
        return db.execute().delete("DELETE FROM vault WHERE tenant = ? AND key = ?", tenant.value(), key) > 0;
    }

    @Override
    public List<VaultSecret> secrets() {
        try (Stream<DbRow> rows = db.execute().query(
                "SELECT tenant, key, value FROM vault WHERE is_secret = 1 ORDER BY tenant, key")) {
            return rows.map(r -> new VaultSecret(Tenant.of(Columns.string(r, "tenant")), Columns.string(r, "key"),
                    Columns.string(r, "value"))).toList();
        }
    }

    private static VaultEntry toEntry(DbRow r) {
        return new VaultEntry(Columns.string(r, "key"), Columns.string(r, "value"),
                Columns.longValue(r, "is_secret") == 1, Timestamps.parse(Columns.string(r, "updated_at")));
    }
}
