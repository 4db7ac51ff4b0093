package dev.strata.adapters.sqlite;

import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.UnavailableException;
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
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbExecute;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/** {@link MethodologyStore} on the {@code methodologies} table (migration 12). */
public final class SqliteMethodologyStore implements MethodologyStore {

    static final String COLUMNS = "id, tenant, asset_class, title, body, successes, times_used, confidence, quarantine, "
            + "provenance, created_at, updated_at";

    private final DbClient db;

    public SqliteMethodologyStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public Created create(NewMethodology methodology, double initialConfidence, Instant now) {
        return inTransaction("create the methodology", tx -> createIn(tx, methodology, initialConfidence,
                Timestamps.truncate(now)));
    }

    @Override
    public List<Created> createAll(List<NewMethodology> methodologies, double initialConfidence, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("create the methodologies", tx -> {
            List<Created> out = new ArrayList<>(methodologies.size());
            for (NewMethodology m : methodologies) {
                out.add(createIn(tx, m, initialConfidence, at));
            }
            return out;
        });
    }

    private static Created createIn(DbExecute tx, NewMethodology m, double initialConfidence, Instant at) {
        Optional<Methodology> same = tx.get("SELECT " + COLUMNS + " FROM methodologies WHERE tenant = ? "
                        + "AND asset_class = ? AND normalized_key = ?", m.tenant().value(), m.assetClass().wireName(),
                m.normalizedKey()).map(SqliteMethodologyStore::toMethodology);
        if (same.isPresent()) {
            return new Created(same.get(), false);
        }
        String ts = Timestamps.format(at);
        tx.insert("INSERT INTO methodologies(tenant, asset_class, title, body, normalized_key, successes, times_used, "
                        + "confidence, quarantine, provenance, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0, ?, 1, ?, ?, ?)",
                m.tenant().value(), m.assetClass().wireName(), m.title(), m.body(), m.normalizedKey(), initialConfidence,
                m.provenance().wireName(), ts, ts);
        long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
        return new Created(new Methodology(MethodologyId.of(id), m.tenant(), m.assetClass(), m.title(), m.body(), 0, 0,
                initialConfidence, true, m.provenance(), at, at), true);
    }

    @Override
    public Optional<Methodology> find(Tenant tenant, MethodologyId id) {
        return findIn(db.execute(), tenant, id);
    }

    static Optional<Methodology> findIn(DbExecute exec, Tenant tenant, MethodologyId id) {
        return exec.get("SELECT " + COLUMNS + " FROM methodologies WHERE tenant = ? AND id = ?", tenant.value(), id.value())
                .map(SqliteMethodologyStore::toMethodology);
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
        try (Stream<DbRow> rows = db.execute().query(sql.toString(), params.toArray())) {
            return rows.map(SqliteMethodologyStore::toMethodology).toList();
        }
    }

    @Override
    public Optional<Methodology> graduate(Tenant tenant, MethodologyId id, long successes, long uses, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("graduate the methodology", tx -> findIn(tx, tenant, id)
                .filter(m -> m.successes() == successes && m.uses() == uses)
                .map(m -> m.graduated() ? m : writeQuarantine(tx, m.withQuarantine(false, at))));
    }

    @Override
    public Optional<Methodology> quarantine(Tenant tenant, MethodologyId id, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("quarantine the methodology", tx -> findIn(tx, tenant, id)
                .map(m -> m.quarantined() ? m : writeQuarantine(tx, m.withQuarantine(true, at))));
    }

    private static Methodology writeQuarantine(DbExecute tx, Methodology m) {
        tx.update("UPDATE methodologies SET quarantine = ?, updated_at = ? WHERE tenant = ? AND id = ?",
                m.quarantined() ? 1 : 0, Timestamps.format(m.updatedAt()), m.tenant().value(), m.id().value());
        return m;
    }

    @Override
    public Optional<MethodologyChange> rescore(Tenant tenant, MethodologyId id, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("rescore the methodology", tx -> findIn(tx, tenant, id).map(m -> {
            Methodology after = m.rescored(policy, at);
            MethodologyChange change = new MethodologyChange(m, after);
            if (!change.changed()) {
                return new MethodologyChange(m, m);
            }
            writeScore(tx, after);
            return change;
        }));
    }

    /** Stores a methodology's counts, confidence and quarantine; the trade store calls it inside its transaction. */
    static void writeScore(DbExecute tx, Methodology m) {
        tx.update("UPDATE methodologies SET successes = ?, times_used = ?, confidence = ?, quarantine = ?, updated_at = ? "
                        + "WHERE tenant = ? AND id = ?", m.successes(), m.uses(), m.confidence(), m.quarantined() ? 1 : 0,
                Timestamps.format(m.updatedAt()), m.tenant().value(), m.id().value());
    }

    @Override
    public List<Tenant> tenants() {
        try (Stream<DbRow> rows = db.execute().query("SELECT DISTINCT tenant FROM methodologies ORDER BY tenant")) {
            return rows.map(r -> Tenant.of(Columns.string(r, "tenant"))).toList();
        }
    }

    static Methodology toMethodology(DbRow r) {
        return new Methodology(
                MethodologyId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                AssetClass.parse("asset_class", Columns.string(r, "asset_class")),
                Columns.string(r, "title"),
                Columns.string(r, "body"),
                Columns.longValue(r, "successes"),
                Columns.longValue(r, "times_used"),
                Columns.doubleValue(r, "confidence"),
                Columns.longValue(r, "quarantine") != 0,
                Provenance.parse("provenance", Columns.string(r, "provenance")),
                Timestamps.parse(Columns.string(r, "created_at")),
                Timestamps.parse(Columns.string(r, "updated_at")));
    }

    /**
     * The store's one way to run a transaction: commit on success, roll back and classify on failure.
     * Kept in this single method so switching to a shared transaction helper is a one-place change.
     */
    private <T> T inTransaction(String what, Function<DbTransaction, T> work) {
        DbTransaction tx = db.transaction();
        try {
            T result = work.apply(tx);
            tx.commit();
            return result;
        } catch (RuntimeException e) {
            Transactions.rollbackAfter(tx, e);
            throw failure(what, e);
        }
    }

    static RuntimeException failure(String what, RuntimeException e) {
        if (e instanceof DomainException || e instanceof IllegalArgumentException) {
            return e;
        }
        return new UnavailableException("could not " + what + ": " + e.getMessage(), e);
    }
}
