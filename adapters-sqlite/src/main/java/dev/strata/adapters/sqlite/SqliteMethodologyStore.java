package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.learning.MethodologyFilter;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.NewMethodology;
import dev.strata.domain.learning.Provenance;
import dev.strata.domain.memory.Tenant;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link MethodologyStore} on the {@code methodologies} table (migration 12). Writes run in
 * {@link Transactions}; reads use plain JDBC with the one row mapper {@link #read(ResultSet)}, which
 * the trade store shares when it scores methodologies inside its own transaction.
 */
public final class SqliteMethodologyStore implements MethodologyStore {

    static final String COLUMNS = "id, tenant, asset_class, title, body, successes, times_used, confidence, quarantine, "
            + "provenance, created_at, updated_at";
    private static final String BY_ID = "SELECT " + COLUMNS + " FROM methodologies WHERE tenant = ? AND id = ?";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteMethodologyStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public Created create(NewMethodology methodology, double initialConfidence, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("create the methodology", c -> createIn(c, methodology,
                new Stats(0, 0, initialConfidence, true), at));
    }

    @Override
    public Created restore(NewMethodology methodology, Stats stats, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("restore the methodology", c -> createIn(c, methodology, stats, at));
    }

    @Override
    public List<Created> createAll(List<NewMethodology> methodologies, double initialConfidence, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("create the methodologies", c -> {
            List<Created> out = new ArrayList<>(methodologies.size());
            for (NewMethodology m : methodologies) {
                out.add(createIn(c, m, new Stats(0, 0, initialConfidence, true), at));
            }
            return out;
        });
    }

    private static Created createIn(Connection c, NewMethodology m, Stats stats, Instant at)
            throws SQLException {
        Optional<Methodology> same = Jdbc.first(c, "SELECT " + COLUMNS + " FROM methodologies WHERE tenant = ? "
                        + "AND asset_class = ? AND normalized_key = ?",
                List.of(m.tenant().value(), m.assetClass().wireName(), m.normalizedKey()), SqliteMethodologyStore::read);
        if (same.isPresent()) {
            return new Created(same.get(), false);
        }
        String ts = Timestamps.format(at);
        Jdbc.update(c, "INSERT INTO methodologies(tenant, asset_class, title, body, normalized_key, successes, "
                        + "times_used, confidence, quarantine, provenance, created_at, updated_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                m.tenant().value(), m.assetClass().wireName(), m.title(), m.body(), m.normalizedKey(), stats.successes(),
                stats.uses(), stats.confidence(), stats.quarantined() ? 1 : 0, m.provenance().wireName(), ts, ts);
        long id = Jdbc.lastInsertRowid(c);
        return new Created(new Methodology(MethodologyId.of(id), m.tenant(), m.assetClass(), m.title(), m.body(),
                stats.successes(), stats.uses(), stats.confidence(), stats.quarantined(), m.provenance(), at, at), true);
    }

    @Override
    public Optional<Methodology> find(Tenant tenant, MethodologyId id) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.first(BY_ID, List.of(tenant.value(), id.value()), SqliteMethodologyStore::read);
        }
    }

    /** The methodology as the transaction holding {@code c} sees it. */
    static Optional<Methodology> findIn(Connection c, Tenant tenant, MethodologyId id) throws SQLException {
        return Jdbc.first(c, BY_ID, List.of(tenant.value(), id.value()), SqliteMethodologyStore::read);
    }

    @Override
    public List<Methodology> list(Tenant tenant, MethodologyFilter filter, int limit) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM methodologies WHERE tenant = ?");
        filter.assetClass().ifPresent(c -> {
            sql.append(" AND asset_class = ?");
            params.add(c.wireName());
        });
        filter.quarantined().ifPresent(q -> {
            sql.append(" AND quarantine = ?");
            params.add(q ? 1 : 0);
        });
        sql.append(" ORDER BY confidence DESC, id DESC LIMIT ?");
        params.add(limit);
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list(sql.toString(), params, SqliteMethodologyStore::read);
        }
    }

    @Override
    public Optional<Methodology> graduate(Tenant tenant, MethodologyId id, long successes, long uses, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("graduate the methodology", c -> {
            Optional<Methodology> found = findIn(c, tenant, id)
                    .filter(m -> m.successes() == successes && m.uses() == uses);
            if (found.isEmpty() || found.get().graduated()) {
                return found;
            }
            return Optional.of(writeQuarantine(c, found.get().withQuarantine(false, at)));
        });
    }

    @Override
    public Optional<Methodology> quarantine(Tenant tenant, MethodologyId id, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("quarantine the methodology", c -> {
            Optional<Methodology> found = findIn(c, tenant, id);
            if (found.isEmpty() || found.get().quarantined()) {
                return found;
            }
            return Optional.of(writeQuarantine(c, found.get().withQuarantine(true, at)));
        });
    }

    private static Methodology writeQuarantine(Connection c, Methodology m) throws SQLException {
        Jdbc.update(c, "UPDATE methodologies SET quarantine = ?, updated_at = ? WHERE tenant = ? AND id = ?",
                m.quarantined() ? 1 : 0, Timestamps.format(m.updatedAt()), m.tenant().value(), m.id().value());
        return m;
    }

    @Override
    public Optional<MethodologyChange> rescore(Tenant tenant, MethodologyId id, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("rescore the methodology", c -> {
            Optional<Methodology> found = findIn(c, tenant, id);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            Methodology before = found.get();
            MethodologyChange change = new MethodologyChange(before, before.rescored(policy, at));
            if (!change.changed()) {
                return Optional.of(new MethodologyChange(before, before));
            }
            writeScore(c, change.after());
            return Optional.of(change);
        });
    }

    /** Stores a methodology's counts, confidence and quarantine; the trade store calls it inside its transaction. */
    static void writeScore(Connection c, Methodology m) throws SQLException {
        Jdbc.update(c, "UPDATE methodologies SET successes = ?, times_used = ?, confidence = ?, quarantine = ?, "
                        + "updated_at = ? WHERE tenant = ? AND id = ?", m.successes(), m.uses(), m.confidence(),
                m.quarantined() ? 1 : 0, Timestamps.format(m.updatedAt()), m.tenant().value(), m.id().value());
    }

    @Override
    public List<Tenant> tenants() {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list("SELECT DISTINCT tenant FROM methodologies ORDER BY tenant", List.of(),
                    r -> Tenant.of(r.getString("tenant")));
        }
    }

    /** A row selected with {@link #COLUMNS}. */
    static Methodology read(ResultSet r) throws SQLException {
        return new Methodology(
                MethodologyId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                AssetClass.parse("asset_class", r.getString("asset_class")),
                r.getString("title"),
                r.getString("body"),
                r.getLong("successes"),
                r.getLong("times_used"),
                r.getDouble("confidence"),
                r.getLong("quarantine") != 0,
                Provenance.parse("provenance", r.getString("provenance")),
                Timestamps.parse(r.getString("created_at")),
                Timestamps.parse(r.getString("updated_at")));
    }
}
