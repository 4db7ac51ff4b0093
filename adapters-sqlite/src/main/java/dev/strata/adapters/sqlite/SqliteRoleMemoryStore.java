package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Classification;
import dev.strata.domain.role.EntryStatus;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.NewRoleMemoryEntry;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.Reflection;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import dev.strata.domain.role.RoleMemoryStore;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@link RoleMemoryStore} on the {@code role_memory} table (migration 13). Every state change is one
 * conditional UPDATE ({@code WHERE status = 'pending'}), so a reflection is written at most once and
 * never rewritten, whoever races. An entry's edges go to {@code memory_edges} with
 * {@code src_table = 'role_memory'} in the entry's own transaction.
 */
public final class SqliteRoleMemoryStore implements RoleMemoryStore {

    static final String SOURCE_TABLE = "role_memory";

    private static final String COLUMNS = "r.id, r.tenant, r.role, r.inputs, r.decision, COALESCE(r.asset, '') AS asset, "
            + "r.created_at, r.updated_at, r.status, COALESCE(r.outcome, '') AS outcome, "
            + "COALESCE(r.outcome_change, '') AS outcome_change, COALESCE(r.outcome_source, '') AS outcome_source, "
            + "COALESCE(r.outcome_at, '') AS outcome_at, COALESCE(r.classification, '') AS classification, "
            + "COALESCE(r.narrative, '') AS narrative, COALESCE(r.lesson, '') AS lesson, "
            + "COALESCE(r.reflection_model, '') AS reflection_model, COALESCE(r.reflected_at, '') AS reflected_at, "
            + "COALESCE(r.note, '') AS note";

    private static final String INSERT_EDGE = "INSERT INTO memory_edges(tenant, src_table, src_id, dst_entity_kind, "
            + "dst_entity_key, edge_type, weight, created_at) VALUES (?, '" + SOURCE_TABLE + "', ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (src_table, src_id, dst_entity_kind, dst_entity_key, edge_type) DO NOTHING";

    /** A replay's insert: the guard drops edges for an entry that is gone or belongs to another tenant. */
    private static final String INSERT_EDGE_GUARDED = "INSERT INTO memory_edges(tenant, src_table, src_id, dst_entity_kind, "
            + "dst_entity_key, edge_type, weight, created_at) SELECT ?, '" + SOURCE_TABLE + "', ?, ?, ?, ?, ?, ? "
            + "WHERE EXISTS (SELECT 1 FROM role_memory WHERE id = ? AND tenant = ?) "
            + "ON CONFLICT (src_table, src_id, dst_entity_kind, dst_entity_key, edge_type) DO NOTHING";

    private static final String PENDING = "status = 'pending'";

    private final SqliteDatabase database;
    private final DbClient db;
    private final Transactions transactions;
    private final TenantShares shares = new TenantShares(TenantShares.KEYWORD_ARM, TenantShares.Index.ROLE_MEMORY);

    public SqliteRoleMemoryStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
    }

    @Override
    public RoleMemoryEntry record(NewRoleMemoryEntry e, List<MemoryEdge> edges) {
        Instant at = Timestamps.truncate(e.createdAt());
        String ts = Timestamps.format(at);
        long id = transactions.write("record the decision", c -> {
            Jdbc.update(c, "INSERT INTO role_memory(tenant, role, inputs, decision, asset, created_at, updated_at) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?)", e.tenant().value(), e.role().value(), e.inputs().json(),
                    e.decision(), e.asset().map(Asset::symbol).orElse(null), ts, ts);
            long rowid = Jdbc.lastInsertRowid(c);
            for (MemoryEdge edge : edges) {
                Jdbc.update(c, INSERT_EDGE, e.tenant().value(), rowid, edge.target().kind().wireName(), edge.target().key(),
                        edge.type().wireName(), edge.weight(), ts);
            }
            return rowid;
        });
        return new RoleMemoryEntry(RoleMemoryId.of(id), e.tenant(), e.role(), e.inputs(), e.decision(), e.asset(),
                at, EntryStatus.PENDING, Optional.empty(), List.of(), Optional.empty(), Optional.empty(), at);
    }

    @Override
    public Optional<RoleMemoryEntry> find(Tenant tenant, RoleMemoryId id) {
        return query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.tenant = ? AND r.id = ?", tenant, List.of(id.value()))
                .stream().findFirst();
    }

    @Override
    public List<RoleMemoryEntry> pending(Tenant tenant, RoleId role, Optional<Asset> asset, int limit) {
        List<Object> params = new ArrayList<>(List.of(role.value()));
        asset.ifPresent(a -> params.add(a.symbol()));
        params.add(limit);
        return query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.tenant = ? AND r.role = ? AND r." + PENDING
                + (asset.isPresent() ? " AND r.asset = ?" : "") + " ORDER BY r.created_at, r.id LIMIT ?", tenant, params);
    }

    @Override
    public Set<RoleId> rolesPendingOn(Tenant tenant, Asset asset) {
        try (Stream<DbRow> rows = db.execute().query("SELECT DISTINCT role FROM role_memory WHERE tenant = ? AND asset = ? "
                + "AND " + PENDING + " ORDER BY role", tenant.value(), asset.symbol())) {
            return rows.map(r -> RoleId.of(Columns.string(r, "role"))).collect(Collectors.toCollection(LinkedHashSet::new));
        }
    }

    @Override
    public List<Tenant> tenantsWithPending(RoleId role) {
        try (Stream<DbRow> rows = db.execute().query("SELECT DISTINCT tenant FROM role_memory WHERE role = ? AND "
                + PENDING + " ORDER BY tenant", role.value())) {
            return rows.map(r -> Tenant.of(Columns.string(r, "tenant"))).toList();
        }
    }

    @Override
    public boolean recordOutcome(Tenant tenant, RoleMemoryId id, Outcome outcome, Instant at) {
        return updatePending("record the outcome", "outcome = ?, outcome_change = ?, outcome_source = ?, outcome_at = ?",
                tenant, id, at, outcome.summary(), outcome.changePercent().map(BigDecimal::toPlainString).orElse(null),
                outcome.source(), Timestamps.format(Timestamps.truncate(outcome.measuredAt())));
    }

    @Override
    public boolean addEvidence(Tenant tenant, RoleMemoryId id, Evidence evidence, Instant at) {
        return transactions.writeIf("add the evidence", c -> {
            if (Jdbc.update(c, "UPDATE role_memory SET updated_at = ? WHERE tenant = ? AND id = ? AND " + PENDING,
                    Timestamps.format(Timestamps.truncate(at)), tenant.value(), id.value()) == 0) {
                return false;
            }
            Jdbc.update(c, "INSERT INTO role_memory_evidence(tenant, entry_id, kind, source, text, at) "
                            + "VALUES (?, ?, ?, ?, ?, ?)", tenant.value(), id.value(), evidence.kind(), evidence.source(),
                    evidence.text(), Timestamps.format(Timestamps.truncate(evidence.at())));
            return true;
        });
    }

    @Override
    public boolean note(Tenant tenant, RoleMemoryId id, String reason, Instant at) {
        return updatePending("note the entry", "note = ?", tenant, id, at, reason);
    }

    @Override
    public boolean skip(Tenant tenant, RoleMemoryId id, String reason, Instant at) {
        return updatePending("skip the entry", "status = 'skipped', note = ?", tenant, id, at, reason);
    }

    @Override
    public boolean reflect(Tenant tenant, RoleMemoryId id, Reflection r) {
        // The embedding is cleared: the entry's searchable text just grew by the narrative and lesson.
        return updatePending("store the reflection", "status = 'reflected', classification = ?, narrative = ?, lesson = ?, "
                        + "reflection_model = ?, reflected_at = ?, note = NULL, embedding = NULL, embedding_model = NULL",
                tenant, id, r.reflectedAt(), r.classification().wireName(), r.narrative(), r.lesson().orElse(null),
                r.model(), Timestamps.format(Timestamps.truncate(r.reflectedAt())));
    }

    private boolean updatePending(String what, String assignments, Tenant tenant, RoleMemoryId id, Instant at,
                                  Object... values) {
        List<Object> params = new ArrayList<>(java.util.Arrays.asList(values));
        params.add(Timestamps.format(Timestamps.truncate(at)));
        params.add(tenant.value());
        params.add(id.value());
        return transactions.writeIf(what, c -> Jdbc.update(c, "UPDATE role_memory SET " + assignments
                + ", updated_at = ? WHERE tenant = ? AND id = ? AND " + PENDING, params.toArray()) > 0);
    }

    @Override
    public List<RoleMemoryEntry> recentLessons(Tenant tenant, Collection<RoleId> roles, int limit) {
        if (roles.isEmpty()) {
            return List.of();
        }
        List<Object> params = new ArrayList<>(roles.stream().map(RoleId::value).toList());
        params.add(limit);
        return query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.tenant = ? AND r.status = 'reflected' "
                + "AND r.lesson IS NOT NULL AND r.role IN (" + placeholders(roles.size()) + ") "
                + "ORDER BY r.reflected_at DESC, r.id DESC LIMIT ?", tenant, params);
    }

    @Override
    public List<RoleMemoryEntry> search(Tenant tenant, RoleId role, String query, int limit) {
        List<String> words = QueryText.keywords(query);
        if (words.isEmpty()) {
            return List.of();
        }
        // Every keyword is letters and digits only, so quoting makes each a plain term, never an operator. A
        // tenant that holds a small part of the index also matches its tenant term (migration 25), weighed 0.
        String match = Fts5Query.anyOf(words);
        String scoped;
        try (JdbcReads reads = new JdbcReads(database)) {
            scoped = shares.scope(reads, tenant, match);
        }
        return query("SELECT " + COLUMNS + " FROM role_memory_fts f JOIN role_memory r ON r.id = f.rowid "
                + "WHERE r.tenant = ? AND role_memory_fts MATCH ? AND r.role = ? "
                + "ORDER BY bm25(role_memory_fts, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0), r.id DESC LIMIT ?", tenant,
                List.of(scoped, role.value(), limit));
    }

    @Override
    public List<RoleMemoryEntry> reflectedForAsset(Tenant tenant, Asset asset, Collection<RoleId> roles, int limit) {
        if (roles.isEmpty()) {
            return List.of();
        }
        List<Object> params = new ArrayList<>();
        params.add(asset.symbol());
        roles.forEach(r -> params.add(r.value()));
        params.add(limit);
        return query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.tenant = ? AND r.asset = ? "
                + "AND r.status = 'reflected' AND r.role IN (" + placeholders(roles.size()) + ") "
                + "ORDER BY r.reflected_at DESC, r.id DESC LIMIT ?", tenant, params);
    }

    @Override
    public long countPendingCreatedBefore(Tenant tenant, Instant cutoff) {
        return db.execute().get("SELECT COUNT(*) AS n FROM role_memory WHERE tenant = ? AND " + PENDING
                        + " AND created_at < ?", tenant.value(), Timestamps.format(Timestamps.truncate(cutoff)))
                .map(r -> Columns.longValue(r, "n")).orElse(0L);
    }

    @Override
    public List<MemoryEdge> edges(Tenant tenant, RoleMemoryId id) {
        try (Stream<DbRow> rows = db.execute().query("SELECT edge_type, dst_entity_kind, dst_entity_key, weight "
                + "FROM memory_edges WHERE tenant = ? AND src_table = '" + SOURCE_TABLE + "' AND src_id = ? ORDER BY id",
                tenant.value(), id.value())) {
            return rows.map(SqliteRoleMemoryStore::toEdge).toList();
        }
    }

    @Override
    public void saveEmbedding(Tenant tenant, RoleMemoryId id, String model, Embedding embedding) {
        transactions.write("store the role-memory embedding", c -> Jdbc.update(c, "UPDATE role_memory SET embedding = ?, "
                        + "embedding_model = ? WHERE tenant = ? AND id = ?", SqliteEmbeddingStateStore.toBlob(embedding), model,
                tenant.value(), id.value()));
    }

    @Override
    public List<EmbeddedEntry> embeddings(Tenant tenant, RoleId role, String model, int limit) {
        List<EmbeddedEntry> out = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT id, embedding FROM role_memory WHERE tenant = ? AND role = ? AND embedding_model = ? "
                    + "AND embedding IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT ?",
                    List.of(tenant.value(), role.value(), model, limit), (ResultSet r) ->
                            out.add(new EmbeddedEntry(RoleMemoryId.of(r.getLong(1)),
                                    SqliteEmbeddingStateStore.fromBlob(r.getBytes(2)))));
        }
        return out;
    }

    @Override
    public List<RoleMemoryEntry> withoutEmbedding(String model, long afterId, int limit) {
        List<RoleMemoryEntry> rows;
        try (Stream<DbRow> found = db.execute().query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.id > ? "
                + "AND (r.embedding IS NULL OR r.embedding_model IS NOT ?) ORDER BY r.id LIMIT ?", afterId, model, limit)) {
            rows = found.map(SqliteRoleMemoryStore::toEntryWithoutEvidence).toList();
        }
        return withEvidence(rows);
    }

    @Override
    public List<RoleMemoryEntry> after(long afterId, int limit) {
        List<RoleMemoryEntry> rows;
        try (Stream<DbRow> found = db.execute().query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.id > ? "
                + "ORDER BY r.id LIMIT ?", afterId, limit)) {
            rows = found.map(SqliteRoleMemoryStore::toEntryWithoutEvidence).toList();
        }
        return withEvidence(rows);
    }

    @Override
    public List<RoleMemoryEntry> reflected(Tenant tenant, long afterId, int limit) {
        return query("SELECT " + COLUMNS + " FROM role_memory r WHERE r.tenant = ? AND r.status = 'reflected' "
                + "AND r.id > ? ORDER BY r.id LIMIT ?", tenant, List.of(afterId, limit));
    }

    /** One reused prepared statement, executed as one JDBC batch in one transaction. */
    @Override
    public int addEdges(List<EntryEdges> batch, Instant now) {
        if (batch.stream().allMatch(e -> e.edges().isEmpty())) {
            return 0;
        }
        String ts = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("write the role-memory edges", c -> {
            try (java.sql.PreparedStatement insert = c.prepareStatement(INSERT_EDGE_GUARDED)) {
                for (EntryEdges e : batch) {
                    for (MemoryEdge edge : e.edges()) {
                        Object[] params = {e.tenant().value(), e.entry().value(), edge.target().kind().wireName(),
                                edge.target().key(), edge.type().wireName(), edge.weight(), ts, e.entry().value(),
                                e.tenant().value()};
                        for (int i = 0; i < params.length; i++) {
                            insert.setObject(i + 1, params[i]);
                        }
                        insert.addBatch();
                    }
                }
                int added = 0;
                for (int count : insert.executeBatch()) {
                    added += Math.max(count, 0);
                }
                return added;
            }
        });
    }

    private List<RoleMemoryEntry> query(String sql, Tenant tenant, List<Object> params) {
        List<Object> all = new ArrayList<>();
        all.add(tenant.value());
        all.addAll(params);
        List<RoleMemoryEntry> rows;
        try (Stream<DbRow> found = db.execute().query(sql, all.toArray())) {
            rows = found.map(SqliteRoleMemoryStore::toEntryWithoutEvidence).toList();
        }
        return withEvidence(rows);
    }

    /** Loads the evidence of every listed entry in one query, keeping each entry's own order. */
    private List<RoleMemoryEntry> withEvidence(List<RoleMemoryEntry> rows) {
        if (rows.isEmpty()) {
            return rows;
        }
        Map<Long, List<Evidence>> evidence = new LinkedHashMap<>();
        List<Object> ids = rows.stream().map(r -> (Object) r.id().value()).toList();
        try (Stream<DbRow> found = db.execute().query("SELECT entry_id, kind, source, text, at FROM role_memory_evidence "
                + "WHERE entry_id IN (" + placeholders(ids.size()) + ") ORDER BY entry_id, id", ids.toArray())) {
            found.forEach(r -> evidence.computeIfAbsent(Columns.longValue(r, "entry_id"), k -> new ArrayList<>())
                    .add(new Evidence(Columns.string(r, "kind"), Columns.string(r, "source"), Columns.string(r, "text"),
                            Timestamps.parse(Columns.string(r, "at")))));
        }
        if (evidence.isEmpty()) {
            return rows;
        }
        return rows.stream().map(r -> {
            List<Evidence> mine = evidence.get(r.id().value());
            return mine == null ? r : new RoleMemoryEntry(r.id(), r.tenant(), r.role(), r.inputs(), r.decision(), r.asset(),
                    r.createdAt(), r.status(), r.outcome(), mine, r.reflection(), r.note(), r.updatedAt());
        }).toList();
    }

    private static RoleMemoryEntry toEntryWithoutEvidence(DbRow r) {
        EntryStatus status = EntryStatus.fromWireName(Columns.string(r, "status")).orElseThrow(() ->
                new IllegalStateException("role_memory holds an unknown status: " + Columns.string(r, "status")));
        Optional<Outcome> outcome = Columns.optionalString(r, "outcome").map(summary -> new Outcome(summary,
                Columns.optionalString(r, "outcome_change").map(BigDecimal::new),
                Columns.optionalString(r, "outcome_source").orElse("unknown"),
                Timestamps.parse(Columns.string(r, "outcome_at"))));
        Optional<Reflection> reflection = status != EntryStatus.REFLECTED ? Optional.empty() : Optional.of(new Reflection(
                Classification.fromWireName(Columns.string(r, "classification")).orElseThrow(() ->
                        new IllegalStateException("role_memory holds an unknown classification")),
                Columns.string(r, "narrative"), Columns.optionalString(r, "lesson"),
                Columns.optionalString(r, "reflection_model").orElse("unknown"),
                Timestamps.parse(Columns.string(r, "reflected_at"))));
        return new RoleMemoryEntry(RoleMemoryId.of(Columns.longValue(r, "id")), Tenant.of(Columns.string(r, "tenant")),
                RoleId.of(Columns.string(r, "role")), new RoleInputs(Columns.string(r, "inputs")),
                Columns.string(r, "decision"), Columns.optionalString(r, "asset").map(Asset::of),
                Timestamps.parse(Columns.string(r, "created_at")), status, outcome, List.of(), reflection,
                Columns.optionalString(r, "note"), Timestamps.parse(Columns.string(r, "updated_at")));
    }

    private static MemoryEdge toEdge(DbRow r) {
        String type = Columns.string(r, "edge_type");
        String kind = Columns.string(r, "dst_entity_kind");
        return new MemoryEdge(EdgeType.fromWireName(type).orElseThrow(() -> new IllegalStateException(
                "memory_edges holds an edge type this version does not know: " + type)),
                new FinanceEntity(EntityKind.fromWireName(kind).orElseThrow(() -> new IllegalStateException(
                        "memory_edges holds an entity kind this version does not know: " + kind)),
                        Columns.string(r, "dst_entity_key")), Columns.doubleValue(r, "weight"));
    }

    private static String placeholders(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }
}
