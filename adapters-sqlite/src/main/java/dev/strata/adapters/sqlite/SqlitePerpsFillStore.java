package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.Decimals;
import dev.strata.domain.trading.FillAggregate;
import dev.strata.domain.trading.FillSide;
import dev.strata.domain.trading.FillUid;
import dev.strata.domain.trading.PerpsFill;
import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.trading.SubAccountId;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link PerpsFillStore} on {@code perps_fills} (migration 17). Duplicates are skipped by
 * {@code ON CONFLICT (tenant, sub_account_id, fill_uid) DO NOTHING}, the spec's INSERT OR IGNORE
 * narrowed to the dedup key, so a constraint a broken row would break still fails the batch.
 */
public final class SqlitePerpsFillStore implements PerpsFillStore {

    private static final String COLUMNS = "id, tenant, sub_account_id, wallet_address, oid, ts_ms, symbol, side, dir, "
            + "size, price, fee, closed_pnl, raw_json, fill_uid, created_at";
    private static final String INSERT = "INSERT INTO perps_fills(tenant, sub_account_id, wallet_address, oid, ts_ms, "
            + "symbol, side, dir, size, price, fee, closed_pnl, raw_json, fill_uid, created_at) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (tenant, sub_account_id, fill_uid) DO NOTHING";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqlitePerpsFillStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.transactions = new Transactions(database);
    }

    @Override
    public int insertAll(Tenant tenant, List<PerpsFill> fills, Instant now) {
        for (PerpsFill f : fills) {
            if (!f.tenant().equals(tenant)) {
                throw new IllegalArgumentException("a fill of tenant " + f.tenant() + " handed to " + tenant);
            }
        }
        if (fills.isEmpty()) {
            return 0;
        }
        String stored = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("record the perps fills", c -> {
            try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                for (PerpsFill f : fills) {
                    Jdbc.bind(insert, Arrays.asList(tenant.value(), f.subAccount().value(), f.walletAddress().orElse(null),
                            f.oid(), f.at().toEpochMilli(), f.symbol(), f.side().wireName(), f.dir().orElse(null),
                            f.size().doubleValue(), f.price().doubleValue(), f.fee().doubleValue(),
                            f.closedPnl().doubleValue(), f.rawJson().orElse(null), f.uid().value(), stored));
                    insert.addBatch();
                }
                return Jdbc.changed(insert.executeBatch());
            }
        });
    }

    @Override
    public List<StoredPerpsFill> after(Tenant tenant, long afterId, int limit) {
        return read("SELECT " + COLUMNS + " FROM perps_fills WHERE tenant = ? AND id > ? ORDER BY id LIMIT ?",
                List.of(tenant.value(), afterId, limit));
    }

    @Override
    public long countAfter(Tenant tenant, long afterId) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.optionalLong("SELECT COUNT(*) FROM perps_fills WHERE tenant = ? AND id > ?",
                    List.of(tenant.value(), afterId)).orElse(0);
        }
    }

    @Override
    public List<StoredPerpsFill> recent(Tenant tenant, String symbol, int limit) {
        return read("SELECT " + COLUMNS + " FROM perps_fills WHERE tenant = ? AND symbol = ? COLLATE NOCASE "
                + "ORDER BY ts_ms DESC, id DESC LIMIT ?", List.of(tenant.value(), symbol, limit));
    }

    @Override
    public List<FillAggregate> aggregate(Tenant tenant, Instant since) {
        List<FillAggregate> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT symbol, side, dir, COUNT(*) AS fills, SUM(closed_pnl <> 0) AS realizing, "
                            + "SUM(closed_pnl > 0) AS winning, SUM(size * price) AS volume, SUM(closed_pnl) AS pnl, "
                            + "MAX(ts_ms) AS last_ms FROM perps_fills WHERE tenant = ? AND ts_ms >= ? "
                            + "GROUP BY symbol, side, dir",
                    List.of(tenant.value(), since.toEpochMilli()),
                    r -> out.add(new FillAggregate(r.getString("symbol"), FillSide.parse(r.getString("side")),
                            Optional.ofNullable(r.getString("dir")), r.getLong("fills"), r.getLong("realizing"),
                            r.getLong("winning"), Decimals.fromDouble(r.getDouble("volume")),
                            Decimals.fromDouble(r.getDouble("pnl")), Instant.ofEpochMilli(r.getLong("last_ms")))));
        }
        return out;
    }

    @Override
    public List<Tenant> tenants() {
        List<Tenant> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT DISTINCT tenant FROM perps_fills ORDER BY tenant", List.of(),
                    r -> out.add(Tenant.of(r.getString(1))));
        }
        return out;
    }

    @Override
    public List<String> symbolsSince(Tenant tenant, Instant since) {
        List<String> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT DISTINCT symbol FROM perps_fills WHERE tenant = ? AND ts_ms >= ? ORDER BY symbol",
                    List.of(tenant.value(), since.toEpochMilli()), r -> out.add(r.getString(1)));
        }
        return out;
    }

    private List<StoredPerpsFill> read(String sql, List<?> params) {
        List<StoredPerpsFill> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, r -> out.add(toFill(r)));
        }
        return out;
    }

    private static StoredPerpsFill toFill(ResultSet r) throws SQLException {
        PerpsFill fill = new PerpsFill(Tenant.of(r.getString("tenant")), SubAccountId.of(r.getString("sub_account_id")),
                Optional.ofNullable(r.getString("wallet_address")), r.getString("oid"),
                Instant.ofEpochMilli(r.getLong("ts_ms")), r.getString("symbol"), FillSide.parse(r.getString("side")),
                Optional.ofNullable(r.getString("dir")), Decimals.fromDouble(r.getDouble("size")),
                Decimals.fromDouble(r.getDouble("price")), Decimals.fromDouble(r.getDouble("fee")),
                Decimals.fromDouble(r.getDouble("closed_pnl")), Optional.ofNullable(r.getString("raw_json")),
                new FillUid(r.getString("fill_uid")));
        return new StoredPerpsFill(r.getLong("id"), fill, Timestamps.parse(r.getString("created_at")));
    }
}
