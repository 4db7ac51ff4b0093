package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.Decimals;
import dev.strata.domain.trading.SpotActivity;
import dev.strata.domain.trading.SpotActivityStore;
import dev.strata.domain.trading.StoredSpotActivity;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** {@link SpotActivityStore} on {@code external_spot_activities} (migration 17), one row per (tenant, tx hash). */
public final class SqliteSpotActivityStore implements SpotActivityStore {

    private static final String COLUMNS = "id, tenant, tx_hash, ts_ms, type, from_token, to_token, amount, value_usd, "
            + "status, raw_json, created_at";
    private static final String INSERT = "INSERT INTO external_spot_activities(tenant, tx_hash, ts_ms, type, from_token, "
            + "to_token, amount, value_usd, status, raw_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (tenant, tx_hash) DO NOTHING";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteSpotActivityStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.transactions = new Transactions(database);
    }

    @Override
    public int insertAll(Tenant tenant, List<SpotActivity> activities, Instant now) {
        for (SpotActivity a : activities) {
            if (!a.tenant().equals(tenant)) {
                throw new IllegalArgumentException("an activity of tenant " + a.tenant() + " handed to " + tenant);
            }
        }
        if (activities.isEmpty()) {
            return 0;
        }
        String stored = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("record the spot activities", c -> {
            try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                for (SpotActivity a : activities) {
                    Jdbc.bind(insert, Arrays.asList(tenant.value(), a.txHash(), a.at().toEpochMilli(), a.type(),
                            a.fromToken().orElse(null), a.toToken().orElse(null), a.amount().orElse(null),
                            a.valueUsd().map(v -> (Object) v.doubleValue()).orElse(null), a.status(),
                            a.rawJson().orElse(null), stored));
                    insert.addBatch();
                }
                return Jdbc.changed(insert.executeBatch());
            }
        });
    }

    @Override
    public List<StoredSpotActivity> after(Tenant tenant, long afterId, int limit) {
        List<StoredSpotActivity> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM external_spot_activities WHERE tenant = ? AND id > ? "
                    + "ORDER BY id LIMIT ?", List.of(tenant.value(), afterId, limit), r -> out.add(toActivity(r)));
        }
        return out;
    }

    @Override
    public long countAfter(Tenant tenant, long afterId) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.optionalLong("SELECT COUNT(*) FROM external_spot_activities WHERE tenant = ? AND id > ?",
                    List.of(tenant.value(), afterId)).orElse(0);
        }
    }

    private static StoredSpotActivity toActivity(ResultSet r) throws SQLException {
        double value = r.getDouble("value_usd");
        Optional<java.math.BigDecimal> valueUsd = r.wasNull() ? Optional.empty() : Optional.of(Decimals.fromDouble(value));
        SpotActivity activity = new SpotActivity(Tenant.of(r.getString("tenant")), r.getString("tx_hash"),
                Instant.ofEpochMilli(r.getLong("ts_ms")), r.getString("type"),
                Optional.ofNullable(r.getString("from_token")), Optional.ofNullable(r.getString("to_token")),
                Optional.ofNullable(r.getString("amount")), valueUsd, r.getString("status"),
                Optional.ofNullable(r.getString("raw_json")));
        return new StoredSpotActivity(r.getLong("id"), activity, Timestamps.parse(r.getString("created_at")));
    }
}
