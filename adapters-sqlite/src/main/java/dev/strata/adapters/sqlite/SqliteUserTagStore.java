package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.StoredTagRow;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagSchema;
import dev.strata.domain.personalization.TagSource;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UserTag;
import dev.strata.domain.personalization.UserTagStore;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link UserTagStore} on the {@code user_tags} table. Values are stored as {@link TagSchema}
 * serialises them; a compare-and-set is one conditional statement (an {@code INSERT ... ON CONFLICT
 * DO NOTHING} when no row is expected, an {@code UPDATE ... WHERE value = ? AND source = ?} otherwise),
 * so SQLite's write lock makes it atomic without a read inside the transaction.
 */
public final class SqliteUserTagStore implements UserTagStore {

    private static final String COLUMNS = "user_id, dimension, value, source, updated_at";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteUserTagStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public List<UserTag> all(Tenant tenant, UserId user) {
        Map<TagDimension, UserTag> byDimension = new EnumMap<>(TagDimension.class);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM user_tags WHERE tenant = ? AND user_id = ?",
                    List.of(tenant.value(), user.value()), row -> typed(user, raw(row))
                            .ifPresent(t -> byDimension.put(t.dimension(), t)));
        }
        return List.copyOf(byDimension.values());
    }

    @Override
    public Optional<UserTag> find(Tenant tenant, UserId user, TagDimension dimension) {
        List<UserTag> found = new ArrayList<>(1);
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM user_tags WHERE tenant = ? AND user_id = ? AND dimension = ?",
                    List.of(tenant.value(), user.value(), dimension.storedName()),
                    row -> typed(user, raw(row)).ifPresent(found::add));
        }
        return found.stream().findFirst();
    }

    @Override
    public boolean replace(Tenant tenant, Optional<UserTag> expected, UserTag next) {
        StoredTagRow n = StoredTagRow.of(truncated(next));
        return transactions.writeIf("write the tag", c -> {
            if (expected.isEmpty()) {
                return Jdbc.update(c, "INSERT INTO user_tags(tenant, " + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)"
                                + " ON CONFLICT(tenant, user_id, dimension) DO NOTHING", tenant.value(), n.userId(),
                        n.dimension(), n.value(), n.source(), Timestamps.format(n.updatedAt())) == 1;
            }
            StoredTagRow e = StoredTagRow.of(expected.get());
            return Jdbc.update(c, "UPDATE user_tags SET value = ?, source = ?, updated_at = ? WHERE tenant = ?"
                            + " AND user_id = ? AND dimension = ? AND value = ? AND source = ?", n.value(), n.source(),
                    Timestamps.format(n.updatedAt()), tenant.value(), n.userId(), n.dimension(), e.value(),
                    e.source()) == 1;
        });
    }

    @Override
    public boolean delete(Tenant tenant, UserId user, TagDimension dimension) {
        return transactions.writeIf("delete the tag", c -> Jdbc.update(c, "DELETE FROM user_tags WHERE tenant = ?"
                + " AND user_id = ? AND dimension = ?", tenant.value(), user.value(), dimension.storedName()) == 1);
    }

    @Override
    public List<StoredTagRow> rawRows(Tenant tenant) {
        List<StoredTagRow> rows = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM user_tags WHERE tenant = ? ORDER BY user_id, dimension",
                    List.of(tenant.value()), row -> rows.add(raw(row)));
        }
        return rows;
    }

    @Override
    public List<Tenant> tenants() {
        List<Tenant> tenants = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT DISTINCT tenant FROM user_tags ORDER BY tenant", List.of(),
                    row -> tenants.add(Tenant.of(row.getString(1))));
        }
        return tenants;
    }

    @Override
    public void migrate(Tenant tenant, List<StoredTagRow> remove, List<UserTag> write) {
        transactions.write("migrate the tags", c -> {
            for (StoredTagRow r : remove) {
                Jdbc.update(c, "DELETE FROM user_tags WHERE tenant = ? AND user_id = ? AND dimension = ? AND value = ?"
                        + " AND source = ?", tenant.value(), r.userId(), r.dimension(), r.value(), r.source());
            }
            for (UserTag t : write) {
                StoredTagRow n = StoredTagRow.of(truncated(t));
                Jdbc.update(c, "INSERT INTO user_tags(tenant, " + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)"
                                + " ON CONFLICT(tenant, user_id, dimension) DO UPDATE SET value = excluded.value,"
                                + " source = excluded.source, updated_at = excluded.updated_at", tenant.value(),
                        n.userId(), n.dimension(), n.value(), n.source(), Timestamps.format(n.updatedAt()));
            }
            return null;
        });
    }

    private static StoredTagRow raw(ResultSet row) throws SQLException {
        return new StoredTagRow(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                Timestamps.parse(row.getString(5)));
    }

    /** The typed tag of a stored row of {@code user}, when its dimension, value and source are all known. */
    private static Optional<UserTag> typed(UserId user, StoredTagRow row) {
        Optional<TagSource> source = switch (row.source()) {
            case "user" -> Optional.of(TagSource.USER);
            case "inferred" -> Optional.of(TagSource.INFERRED);
            default -> Optional.empty();
        };
        return source.flatMap(s -> TagDimension.fromStoredName(row.dimension())
                .flatMap(d -> TagSchema.parseStoredTagValue(d, row.value()))
                .map(v -> new UserTag(user, v, s, row.updatedAt())));
    }

    private static UserTag truncated(UserTag t) {
        return new UserTag(t.user(), t.value(), t.source(), Timestamps.truncate(t.updatedAt()));
    }
}
