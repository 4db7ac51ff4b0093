package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.SyncKey;
import dev.strata.domain.trading.SyncSource;
import dev.strata.domain.trading.SyncState;
import dev.strata.domain.trading.SyncStateStore;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link SyncStateStore} on {@code history_sync_state} (migration 17). Each outcome is one upsert,
 * so a row's failure count and watermark move in the same statement that creates it; the
 * watermark's "never backwards" is SQL's {@code max}.
 */
public final class SqliteSyncStateStore implements SyncStateStore {

    private static final String COLUMNS = "tenant, source, sub_account_id, last_synced_ts_ms, last_synced_at, last_error, "
            + "consecutive_failures";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteSyncStateStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.transactions = new Transactions(database);
    }

    @Override
    public Optional<SyncState> find(Tenant tenant, SyncKey key) {
        return read("SELECT " + COLUMNS + " FROM history_sync_state WHERE tenant = ? AND source = ? AND sub_account_id = ?",
                List.of(tenant.value(), key.source().wireName(), key.subAccount().value())).stream().findFirst();
    }

    @Override
    public List<SyncState> list(Tenant tenant) {
        return read("SELECT " + COLUMNS + " FROM history_sync_state WHERE tenant = ? ORDER BY source, sub_account_id",
                List.of(tenant.value()));
    }

    @Override
    public void recordSuccess(Tenant tenant, SyncKey key, Optional<Instant> watermark, Instant at) {
        Long mark = watermark.map(Instant::toEpochMilli).orElse(null);
        transactions.write("record the sync", c -> Jdbc.update(c, "INSERT INTO history_sync_state(" + COLUMNS + ") "
                        + "VALUES (?, ?, ?, ?, ?, NULL, 0) ON CONFLICT (tenant, source, sub_account_id) DO UPDATE SET "
                        + "last_synced_ts_ms = CASE WHEN excluded.last_synced_ts_ms IS NULL THEN last_synced_ts_ms "
                        + "WHEN last_synced_ts_ms IS NULL THEN excluded.last_synced_ts_ms "
                        + "ELSE max(last_synced_ts_ms, excluded.last_synced_ts_ms) END, "
                        + "last_synced_at = excluded.last_synced_at, last_error = NULL, consecutive_failures = 0",
                tenant.value(), key.source().wireName(), key.subAccount().value(), mark,
                Timestamps.format(Timestamps.truncate(at))));
    }

    @Override
    public List<Tenant> tenants() {
        List<Tenant> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT DISTINCT tenant FROM history_sync_state ORDER BY tenant", List.of(),
                    r -> out.add(Tenant.of(r.getString(1))));
        }
        return out;
    }

    @Override
    public void recordFailure(Tenant tenant, SyncKey key, String error, Instant at) {
        transactions.write("record the sync failure", c -> Jdbc.update(c, "INSERT INTO history_sync_state(" + COLUMNS
                        + ") VALUES (?, ?, ?, NULL, ?, ?, 1) ON CONFLICT (tenant, source, sub_account_id) DO UPDATE SET "
                        + "last_synced_at = excluded.last_synced_at, last_error = excluded.last_error, "
                        + "consecutive_failures = consecutive_failures + 1",
                tenant.value(), key.source().wireName(), key.subAccount().value(),
                Timestamps.format(Timestamps.truncate(at)), Objects.requireNonNull(error, "error")));
    }

    private List<SyncState> read(String sql, List<?> params) {
        List<SyncState> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, r -> out.add(toState(r)));
        }
        return out;
    }

    private static SyncState toState(ResultSet r) throws SQLException {
        long mark = r.getLong("last_synced_ts_ms");
        Optional<Instant> watermark = r.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(mark));
        return new SyncState(Tenant.of(r.getString("tenant")),
                new SyncKey(SyncSource.parse(r.getString("source")), SubAccountId.of(r.getString("sub_account_id"))),
                watermark, Timestamps.parse(r.getString("last_synced_at")), Optional.ofNullable(r.getString("last_error")),
                r.getInt("consecutive_failures"));
    }
}
