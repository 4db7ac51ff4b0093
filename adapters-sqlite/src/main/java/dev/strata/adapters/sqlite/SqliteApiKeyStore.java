package dev.strata.adapters.sqlite;

import dev.strata.domain.access.ApiKey;
import dev.strata.domain.access.ApiKeyStore;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** {@link ApiKeyStore} on the {@code api_keys} table. */
public final class SqliteApiKeyStore implements ApiKeyStore {

    private static final String COLUMNS = "id, tenant, admin, hash, created_at, COALESCE(revoked_at, '') AS revoked_at";

    private final DbClient db;

    public SqliteApiKeyStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public void insert(ApiKey key) {
        db.execute().insert("INSERT INTO api_keys(id, tenant, admin, hash, created_at, revoked_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?)",
                key.id(), key.tenant().value(), key.admin() ? 1 : 0, key.hash(), Timestamps.format(key.createdAt()),
                key.revokedAt().map(Timestamps::format).orElse(null));
    }

    @Override
    public Optional<ApiKey> find(String id) {
        return db.execute().get("SELECT " + COLUMNS + " FROM api_keys WHERE id = ?", id).map(SqliteApiKeyStore::toKey);
    }

    @Override
    public List<ApiKey> all() {
        try (Stream<DbRow> rows = db.execute().query("SELECT " + COLUMNS + " FROM api_keys ORDER BY created_at, id")) {
            return rows.map(SqliteApiKeyStore::toKey).toList();
        }
    }

    @Override
    public boolean revoke(String id, Instant at) {
        return db.execute().update("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                Timestamps.format(at), id) > 0;
    }

    @Override
    public boolean anyActive() {
        return db.execute().get("SELECT EXISTS (SELECT 1 FROM api_keys WHERE revoked_at IS NULL) AS any_active")
                .map(r -> Columns.longValue(r, "any_active") == 1).orElse(false);
    }

    private static ApiKey toKey(DbRow r) {
        return new ApiKey(Columns.string(r, "id"), Tenant.of(Columns.string(r, "tenant")),
                Columns.longValue(r, "admin") == 1, Columns.string(r, "hash"),
                Timestamps.parse(Columns.string(r, "created_at")),
                Columns.optionalString(r, "revoked_at").map(Timestamps::parse));
    }
}
