package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.PricePointStore;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@link PricePointStore} on {@code price_points} (migration 13). Prices are stored as decimal text,
 * so what an agent pushed reads back digit for digit; instants as the fixed-width timestamp text,
 * so the primary key's order is time order and "closest to t" is two index probes.
 */
public final class SqlitePricePointStore implements PricePointStore {

    private final SqliteDatabase database;
    private final DbClient db;
    private final Transactions transactions;

    public SqlitePricePointStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
    }

    @Override
    public void add(Tenant tenant, List<PricePoint> points) {
        if (points.isEmpty()) {
            return;
        }
        transactions.write("store the prices", c -> {
            for (PricePoint p : points) {
                Jdbc.update(c, "INSERT INTO price_points(tenant, asset, at, source, price) VALUES (?, ?, ?, ?, ?) "
                                + "ON CONFLICT (tenant, asset, at, source) DO UPDATE SET price = excluded.price",
                        tenant.value(), p.asset().symbol(), Timestamps.format(Timestamps.truncate(p.at())), p.source(),
                        p.price().toPlainString());
            }
            return points.size();
        });
    }

    @Override
    public Optional<PricePoint> nearest(Tenant tenant, Asset asset, Instant at, Duration tolerance) {
        String t = Timestamps.format(Timestamps.truncate(at));
        Optional<PricePoint> before = one("SELECT asset, at, source, price FROM price_points WHERE tenant = ? AND asset = ? "
                + "AND at <= ? AND at >= ? ORDER BY at DESC, source LIMIT 1", tenant.value(), asset.symbol(), t,
                Timestamps.format(Timestamps.truncate(at.minus(tolerance))));
        Optional<PricePoint> after = one("SELECT asset, at, source, price FROM price_points WHERE tenant = ? AND asset = ? "
                + "AND at > ? AND at <= ? ORDER BY at, source LIMIT 1", tenant.value(), asset.symbol(), t,
                Timestamps.format(Timestamps.truncate(at.plus(tolerance))));
        return Stream.concat(before.stream(), after.stream())
                .min(Comparator.comparing((PricePoint p) -> Duration.between(p.at(), at).abs()).thenComparing(PricePoint::at));
    }

    private Optional<PricePoint> one(String sql, Object... params) {
        return db.execute().get(sql, params).map(SqlitePricePointStore::toPoint);
    }

    private static PricePoint toPoint(DbRow r) {
        return new PricePoint(Asset.of(Columns.string(r, "asset")), new BigDecimal(Columns.string(r, "price")),
                Timestamps.parse(Columns.string(r, "at")), Columns.string(r, "source"));
    }

    /** Background work, in slices that give way to request writers ({@link SlicedPurge}). */
    @Override
    public int purgeBefore(Instant cutoff) {
        String before = Timestamps.format(Timestamps.truncate(cutoff));
        return SlicedPurge.count(database, "purge old prices", SlicedPurge.DEFAULT_ROWS, (c, limit) -> Jdbc.update(c,
                "DELETE FROM price_points WHERE (tenant, asset, at, source) IN (SELECT tenant, asset, at, source "
                        + "FROM price_points WHERE at < ? LIMIT ?)", before, limit));
    }
}
