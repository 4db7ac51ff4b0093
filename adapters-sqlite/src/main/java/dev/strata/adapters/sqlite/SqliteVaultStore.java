package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.VaultEntry;
import dev.strata.domain.vault.VaultSecret;
import dev.strata.domain.vault.VaultStore;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@link VaultStore} on the {@code vault} table. The table has no FTS index and no trigger feeds one:
 * vault values are never searchable.
 *
 * <p>Secret values are sealed ({@link VaultKeyring}: AES-256-GCM under a key kept outside the
 * database file) and {@code sealed_by} names the key; plain values are machine state and stay in
 * clear. {@link #sealAtRest} seals values stored in clear before encryption existed and re-seals
 * values of a retired key, with SQLite's secure delete on so the old bytes are overwritten, then
 * checkpoints the WAL: afterwards neither the file, its WAL nor a backup ({@code VACUUM INTO}) holds
 * a secret in clear.
 */
public final class SqliteVaultStore implements VaultStore {

    private static final String COLUMNS = "tenant, key, value, is_secret, updated_at, COALESCE(sealed_by, '') AS sealed_by";

    private final SqliteDatabase database;
    private final DbClient db;
    private final VaultKeyring keys;

    /** With the default key file beside the data directory ({@link VaultKeyFile#besideDataDir}). */
    public SqliteVaultStore(SqliteDatabase database) {
        this(database, VaultKeyFile.keyring(VaultKeyFile.besideDataDir(database.file().toAbsolutePath().getParent()),
                Optional.empty()));
    }

    public SqliteVaultStore(SqliteDatabase database, VaultKeyring keys) {
        this.database = Objects.requireNonNull(database, "database");
        this.db = database.dbClient();
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public List<VaultEntry> all(Tenant tenant) {
        try (Stream<DbRow> rows = db.execute().query("SELECT " + COLUMNS + " FROM vault WHERE tenant = ? ORDER BY key",
                tenant.value())) {
            return rows.map(this::toEntry).toList();
        }
    }

    @Override
    public Optional<VaultEntry> get(Tenant tenant, String key) {
        return db.execute().get("SELECT " + COLUMNS + " FROM vault WHERE tenant = ? AND key = ?", tenant.value(), key)
                .map(this::toEntry);
    }

    /** A secret is sealed before it is written and must be swept again ({@code redacted_at} cleared). */
    @Override
    public VaultEntry put(Tenant tenant, String key, String value, boolean secret, Instant now) {
        VaultEntry entry = new VaultEntry(key, value, secret, Timestamps.truncate(now));
        String stored = value;
        String sealedBy = null;
        if (secret) {
            VaultKeyring.Sealed sealed = keys.seal(tenant.value(), key, value);
            stored = sealed.text();
            sealedBy = sealed.keyId();
        }
        db.execute().insert("INSERT INTO vault(tenant, key, value, is_secret, updated_at, sealed_by, redacted_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, NULL) "
                        + "ON CONFLICT(tenant, key) DO UPDATE SET value = excluded.value, is_secret = excluded.is_secret, "
                        + "updated_at = excluded.updated_at, sealed_by = excluded.sealed_by, redacted_at = NULL",
                tenant.value(), key, stored, secret ? 1 : 0, Timestamps.format(entry.updatedAt()), sealedBy);
        return entry;
    }

    @Override
    public boolean delete(Tenant tenant, String key) {
        return db.execute().delete("DELETE FROM vault WHERE tenant = ? AND key = ?", tenant.value(), key) > 0;
    }

    @Override
    public List<VaultSecret> secrets() {
        return secretsWhere("");
    }

    @Override
    public List<VaultSecret> unredactedSecrets() {
        return secretsWhere(" AND redacted_at IS NULL");
    }

    @Override
    public void markRedacted(Tenant tenant, String key, Instant at) {
        db.execute().update("UPDATE vault SET redacted_at = ? WHERE tenant = ? AND key = ? AND is_secret = 1",
                Timestamps.format(Timestamps.truncate(at)), tenant.value(), key);
    }

    /**
     * Seals every secret stored in clear and re-seals every secret of another key than the current
     * one, in one transaction with secure delete on, then checkpoints the WAL so the old bytes leave
     * the WAL file too. The keys are not touched (nor a key file created) when nothing needs sealing.
     */
    @Override
    public int sealAtRest() {
        List<DbRow> stale;
        try (Stream<DbRow> rows = db.execute().query("SELECT " + COLUMNS + " FROM vault WHERE is_secret = 1 "
                + "OR sealed_by IS NOT NULL")) {
            stale = rows.toList();
        }
        if (stale.isEmpty()) {
            return 0;
        }
        String current = keys.currentId();
        List<DbRow> toSeal = stale.stream().filter(r -> !Optional.of(current).equals(Columns.optionalString(r, "sealed_by"))
                || Columns.longValue(r, "is_secret") == 0).toList();
        if (toSeal.isEmpty()) {
            return 0;
        }
        try (Connection c = database.connection()) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA secure_delete = ON");
            }
            try {
                c.setAutoCommit(false);
                try (PreparedStatement update = c.prepareStatement(
                        "UPDATE vault SET value = ?, sealed_by = ? WHERE tenant = ? AND key = ? AND value = ?")) {
                    for (DbRow row : toSeal) {
                        String tenant = Columns.string(row, "tenant");
                        String key = Columns.string(row, "key");
                        String plain = plaintext(row);
                        boolean secret = Columns.longValue(row, "is_secret") == 1;
                        VaultKeyring.Sealed sealed = secret ? keys.seal(tenant, key, plain) : null;
                        update.setString(1, secret ? sealed.text() : plain);
                        update.setString(2, secret ? sealed.keyId() : null);
                        update.setString(3, tenant);
                        update.setString(4, key);
                        update.setString(5, Columns.string(row, "value"));
                        update.addBatch();
                    }
                    update.executeBatch();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA secure_delete = OFF");
                }
            }
            checkpoint(c);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot seal the vault's secret values: " + e.getMessage(), e);
        }
        return toSeal.size();
    }

    /** Moves every WAL page into the file and empties the WAL, so overwritten bytes leave it too. */
    static void checkpoint(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            rs.next();
        }
    }

    private List<VaultSecret> secretsWhere(String condition) {
        try (Stream<DbRow> rows = db.execute().query("SELECT " + COLUMNS + " FROM vault WHERE is_secret = 1" + condition
                + " ORDER BY tenant, key")) {
            List<VaultSecret> secrets = new ArrayList<>();
            rows.forEach(r -> secrets.add(new VaultSecret(Tenant.of(Columns.string(r, "tenant")), Columns.string(r, "key"),
                    plaintext(r))));
            return secrets;
        }
    }

    private String plaintext(DbRow r) {
        Optional<String> sealedBy = Columns.optionalString(r, "sealed_by");
        String value = Columns.string(r, "value");
        return sealedBy.isEmpty() ? value
                : keys.open(Columns.string(r, "tenant"), Columns.string(r, "key"), sealedBy.get(), value);
    }

    private VaultEntry toEntry(DbRow r) {
        return new VaultEntry(Columns.string(r, "key"), plaintext(r), Columns.longValue(r, "is_secret") == 1,
                Timestamps.parse(Columns.string(r, "updated_at")));
    }
}
