package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.CapitalMetrics;
import dev.strata.domain.personalization.CapitalMetricsStore;
import dev.strata.domain.personalization.CapitalTier;
import dev.strata.domain.personalization.CapitalValue;
import dev.strata.domain.personalization.UserId;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link CapitalMetricsStore} on the {@code capital_metrics} table; amounts are exact decimal text. */
public final class SqliteCapitalMetricsStore implements CapitalMetricsStore {

    private static final String COLUMNS = "user_id, spot_holdings_usd, perp_value_usd, capital_total_usd, tier,"
            + " computed_at, next_update, last_failure_at, last_failure";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteCapitalMetricsStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public Optional<CapitalMetrics> find(Tenant tenant, UserId user) {
        List<CapitalMetrics> found = new ArrayList<>(1);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM capital_metrics WHERE tenant = ? AND user_id = ?",
                    List.of(tenant.value(), user.value()), row -> found.add(read(row)));
        }
        return found.stream().findFirst();
    }

    @Override
    public boolean claim(Tenant tenant, UserId user, Instant now, Instant nextUpdate) {
        return transactions.writeIf("claim the capital recompute", c -> {
            ensureRow(c, tenant, user);
            return Jdbc.update(c, "UPDATE capital_metrics SET next_update = ? WHERE tenant = ? AND user_id = ?"
                            + " AND (next_update IS NULL OR next_update <= ?)",
                    Timestamps.format(Timestamps.truncate(nextUpdate)), tenant.value(), user.value(),
                    Timestamps.format(Timestamps.truncate(now))) == 1;
        });
    }

    @Override
    public CapitalMetrics record(Tenant tenant, UserId user, CapitalValue value) {
        return transactions.write("record the capital", c -> {
            ensureRow(c, tenant, user);
            Jdbc.update(c, "UPDATE capital_metrics SET spot_holdings_usd = ?, perp_value_usd = ?, capital_total_usd = ?,"
                            + " tier = ?, computed_at = ?, last_failure_at = NULL, last_failure = NULL WHERE tenant = ?"
                            + " AND user_id = ?", value.spotHoldingsUsd().toPlainString(),
                    value.perpValueUsd().toPlainString(), value.totalUsd().toPlainString(), value.tier().wireName(),
                    Timestamps.format(Timestamps.truncate(value.computedAt())), tenant.value(), user.value());
            return readIn(c, tenant, user);
        });
    }

    @Override
    public CapitalMetrics recordFailure(Tenant tenant, UserId user, String reason, Instant at, Instant retryAt) {
        return transactions.write("record the capital failure", c -> {
            ensureRow(c, tenant, user);
            Jdbc.update(c, "UPDATE capital_metrics SET last_failure_at = ?, last_failure = ?, next_update = ?"
                            + " WHERE tenant = ? AND user_id = ?", Timestamps.format(Timestamps.truncate(at)), reason,
                    Timestamps.format(Timestamps.truncate(retryAt)), tenant.value(), user.value());
            return readIn(c, tenant, user);
        });
    }

    private static void ensureRow(Connection c, Tenant tenant, UserId user) throws SQLException {
        Jdbc.update(c, "INSERT INTO capital_metrics(tenant, user_id) VALUES (?, ?) ON CONFLICT(tenant, user_id) DO NOTHING",
                tenant.value(), user.value());
    }

    private static CapitalMetrics readIn(Connection c, Tenant tenant, UserId user) throws SQLException {
        List<CapitalMetrics> found = new ArrayList<>(1);
        Jdbc.forEach(c, "SELECT " + COLUMNS + " FROM capital_metrics WHERE tenant = ? AND user_id = ?",
                List.of(tenant.value(), user.value()), row -> found.add(read(row)));
        return found.get(0);
    }

    private static CapitalMetrics read(ResultSet r) throws SQLException {
        Optional<CapitalValue> value = Optional.ofNullable(r.getString(4)).map(total -> {
            try {
                return new CapitalValue(new BigDecimal(r.getString(2)), new BigDecimal(r.getString(3)),
                        new BigDecimal(total), CapitalTier.parse(r.getString(5)), Timestamps.parse(r.getString(6)));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        return new CapitalMetrics(UserId.of(r.getString(1)), value, time(r, 7), time(r, 8),
                Optional.ofNullable(r.getString(9)));
    }

    private static Optional<Instant> time(ResultSet r, int column) throws SQLException {
        return Optional.ofNullable(r.getString(column)).map(Timestamps::parse);
    }
}
