package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.profile.ProfileEntry;
import dev.strata.domain.profile.UserProfileStore;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** {@link UserProfileStore} on the {@code user_profile} table. */
public final class SqliteUserProfileStore implements UserProfileStore {

    private final DbClient db;

    public SqliteUserProfileStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public List<ProfileEntry> all(Tenant tenant) {
        try (Stream<DbRow> rows = db.execute().query(
                "SELECT key, value, updated_at FROM user_profile WHERE tenant = ? ORDER BY key", tenant.value())) {
            return rows.map(SqliteUserProfileStore::toEntry).toList();
        }
    }

    @Override
    public Optional<ProfileEntry> get(Tenant tenant, String key) {
        return db.execute().get("SELECT key, value, updated_at FROM user_profile WHERE tenant = ? AND key = ?",
                tenant.value(), key).map(SqliteUserProfileStore::toEntry);
    }

    @Override
    public ProfileEntry put(Tenant tenant, String key, String value, Instant now) {
        Instant at = Timestamps.truncate(now);
        db.execute().insert("INSERT INTO user_profile(tenant, key, value, updated_at) VALUES (?, ?, ?, ?) "
                        + "ON CONFLICT(tenant, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                tenant.value(), key, value, Timestamps.format(at));
        return new ProfileEntry(key, value, at);
    }

    @Override
    public boolean delete(Tenant tenant, String key) {
        return db.execute().delete("DELETE FROM user_profile WHERE tenant = ? AND key = ?", tenant.value(), key) > 0;
    }

    private static ProfileEntry toEntry(DbRow r) {
        return new ProfileEntry(Columns.string(r, "key"), Columns.string(r, "value"),
                Timestamps.parse(Columns.string(r, "updated_at")));
    }
}
