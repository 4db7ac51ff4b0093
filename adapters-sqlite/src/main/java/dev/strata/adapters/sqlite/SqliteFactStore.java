package dev.strata.adapters.sqlite;

import dev.strata.domain.fact.ConsolidationDecision;
import dev.strata.domain.fact.ConsolidationEvent;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.fact.FactId;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.FactStore;
import dev.strata.domain.fact.FactTransition;
import dev.strata.domain.fact.NewFact;
import dev.strata.domain.fact.RowRef;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@link FactStore} on the {@code facts} table, its FTS5 index and {@code memory_consolidation_events}. */
public final class SqliteFactStore implements FactStore {

    private static final String COLUMNS = "f.id, f.tenant, f.content, f.normalized, f.status, f.source, f.created_at, "
            + "COALESCE(f.settled_at, '') AS settled_at, COALESCE(f.retired_by, 0) AS retired_by, "
            + "COALESCE(f.reason, '') AS reason";
    private static final String EVENT_COLUMNS = "tenant, fact_id, COALESCE(target_kind, '') AS target_kind, "
            + "COALESCE(target_id, 0) AS target_id, named, decision, outcome, reason, model, prompt_hash, created_at";

    private final SqliteDatabase database;
    private final DbClient db;
    private final Transactions transactions;
    private final TenantShares shares = new TenantShares(TenantShares.KEYWORD_ARM, TenantShares.Index.FACTS);

    public SqliteFactStore(SqliteDatabase database) {
        this.database = database;
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
    }

    @Override
    public Fact insert(NewFact fact, Instant now) {
        Instant at = Timestamps.truncate(now);
        long id = transactions.write("record the fact", c -> {
            Jdbc.update(c, "INSERT INTO facts(tenant, content, normalized, status, source, created_at) "
                    + "VALUES (?, ?, ?, ?, ?, ?)", fact.tenant().value(), fact.content(), fact.normalized(),
                    FactStatus.PENDING.wireName(), fact.source().wireName(), Timestamps.format(at));
            return Jdbc.lastInsertRowid(c);
        });
        return new Fact(FactId.of(id), fact.tenant(), fact.content(), fact.normalized(), FactStatus.PENDING,
                fact.source(), at, Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Override
    public Optional<Fact> find(Tenant tenant, FactId id) {
        return db.execute().get("SELECT " + COLUMNS + " FROM facts f WHERE f.id = ? AND f.tenant = ?", id.value(),
                tenant.value()).map(SqliteFactStore::toFact);
    }

    @Override
    public List<Fact> list(Tenant tenant, Optional<FactStatus> status, int limit) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        status.ifPresent(s -> params.add(s.wireName()));
        params.add(limit);
        return query("SELECT " + COLUMNS + " FROM facts f WHERE f.tenant = ?" + (status.isPresent() ? " AND f.status = ?" : "")
                + " ORDER BY f.id DESC LIMIT ?", params.toArray());
    }

    @Override
    public List<Fact> activeOldestFirst(Tenant tenant, int limit) {
        return query("SELECT " + COLUMNS + " FROM facts f WHERE f.status = 'active' AND f.tenant = ? "
                + "ORDER BY f.created_at, f.id LIMIT ?", tenant.value(), limit);
    }

    @Override
    public List<Fact> oldestPending(Tenant tenant, int limit) {
        return query("SELECT " + COLUMNS + " FROM facts f WHERE f.status = 'pending' AND f.tenant = ? "
                + "ORDER BY f.created_at, f.id LIMIT ?", tenant.value(), limit);
    }

    @Override
    public List<Tenant> tenantsWithPending() {
        try (Stream<DbRow> rows = db.execute().query("SELECT DISTINCT tenant FROM facts WHERE status = 'pending' "
                + "ORDER BY tenant")) {
            return rows.map(r -> Tenant.of(Columns.string(r, "tenant"))).toList();
        }
    }

    @Override
    public Optional<Fact> findActiveByNormalized(Tenant tenant, String normalized) {
        return db.execute().get("SELECT " + COLUMNS + " FROM facts f WHERE f.status = 'active' AND f.tenant = ? "
                + "AND f.normalized = ? ORDER BY f.created_at, f.id LIMIT 1", tenant.value(), normalized)
                .map(SqliteFactStore::toFact);
    }

    /**
     * BM25 over the facts index with the text's keywords OR-ed, each quoted so no word of a stored
     * fact can act as an FTS5 operator; tenant and status filter inside the ranking query. A tenant that
     * holds a small part of the index also matches its tenant term, so FTS5 hands over its rows only
     * (migration 25); the term's column weighs 0.
     */
    @Override
    public List<Fact> searchActive(Tenant tenant, String text, int limit) {
        List<String> keywords = QueryText.keywords(text);
        if (keywords.isEmpty()) {
            return List.of();
        }
        String match = keywords.stream().map(k -> '"' + k + '"').collect(Collectors.joining(" OR "));
        String scoped;
        try (JdbcReads reads = new JdbcReads(database)) {
            scoped = shares.scope(reads, tenant, match);
        }
        return query("SELECT " + COLUMNS + " FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid "
                + "WHERE facts_fts MATCH ? AND f.tenant = ? AND f.status = 'active' "
                + "ORDER BY bm25(facts_fts, 1.0, 0.0), f.id LIMIT ?", scoped, tenant.value(), limit);
    }

    @Override
    public boolean apply(Tenant tenant, List<FactTransition> transitions, Optional<ConsolidationEvent> event,
                         Instant now) {
        event.ifPresent(e -> {
            if (!e.tenant().equals(tenant)) {
                throw new IllegalArgumentException("the event belongs to another tenant");
            }
        });
        String at = Timestamps.format(Timestamps.truncate(now));
        // Every transition names the status it expects: one that finds the fact moved on aborts them all.
        return transactions.writeIf("settle facts", c -> {
            for (FactTransition t : transitions) {
                int changed = Jdbc.update(c, "UPDATE facts SET status = ?, settled_at = ?, retired_by = ?, reason = ? "
                                + "WHERE id = ? AND tenant = ? AND status = ?", t.to().wireName(), at,
                        t.retiredBy().map(FactId::value).orElse(null), t.reason(), t.id().value(), tenant.value(),
                        t.from().wireName());
                if (changed != 1) {
                    return false;
                }
            }
            if (event.isPresent()) {
                ConsolidationEvent e = event.get();
                Jdbc.update(c, "INSERT INTO memory_consolidation_events(tenant, fact_id, target_kind, "
                                + "target_id, named, decision, outcome, reason, model, prompt_hash, created_at) "
                                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        e.tenant().value(), e.fact().value(), e.target().map(r -> r.kind().wireName()).orElse(null),
                        e.target().map(RowRef::id).orElse(null), e.named(), e.decision().wireName(),
                        e.outcome().wireName(), e.reason(), e.model(), e.promptHash(),
                        Timestamps.format(Timestamps.truncate(e.at())));
            }
            return true;
        });
    }

    @Override
    public List<ConsolidationEvent> events(Tenant tenant, FactId fact) {
        try (Stream<DbRow> rows = db.execute().query("SELECT " + EVENT_COLUMNS + " FROM memory_consolidation_events "
                + "WHERE tenant = ? AND (fact_id = ? OR (target_kind = 'fact' AND target_id = ?)) ORDER BY id",
                tenant.value(), fact.value(), fact.value())) {
            return rows.map(SqliteFactStore::toEvent).toList();
        }
    }

    @Override
    public long count(Tenant tenant, FactStatus status) {
        return db.execute().get("SELECT COUNT(*) AS n FROM facts WHERE status = ? AND tenant = ?", status.wireName(),
                tenant.value()).map(r -> Columns.longValue(r, "n")).orElse(0L);
    }

    private List<Fact> query(String sql, Object... params) {
        try (Stream<DbRow> rows = db.execute().query(sql, params)) {
            return rows.map(SqliteFactStore::toFact).toList();
        }
    }

    private static Fact toFact(DbRow r) {
        long retiredBy = Columns.longValue(r, "retired_by");
        return new Fact(
                FactId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                Columns.string(r, "content"),
                Columns.string(r, "normalized"),
                FactStatus.parse(Columns.string(r, "status")),
                Source.parse(Columns.string(r, "source")),
                Timestamps.parse(Columns.string(r, "created_at")),
                Columns.optionalString(r, "settled_at").map(Timestamps::parse),
                retiredBy == 0 ? Optional.empty() : Optional.of(FactId.of(retiredBy)),
                Columns.optionalString(r, "reason"));
    }

    private static ConsolidationEvent toEvent(DbRow r) {
        Optional<RowRef> target = Columns.optionalString(r, "target_kind")
                .map(kind -> new RowRef(RowRef.Kind.parse(kind), Columns.longValue(r, "target_id")));
        return new ConsolidationEvent(
                Tenant.of(Columns.string(r, "tenant")),
                FactId.of(Columns.longValue(r, "fact_id")),
                target,
                Columns.string(r, "named"),
                ConsolidationDecision.Kind.parse(Columns.string(r, "decision")),
                ConsolidationEvent.Outcome.parse(Columns.string(r, "outcome")),
                Columns.string(r, "reason"),
                Columns.string(r, "model"),
                Columns.string(r, "prompt_hash"),
                Timestamps.parse(Columns.string(r, "created_at")));
    }
}
