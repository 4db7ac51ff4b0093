package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.EdgeSource;
import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.EntityCount;
import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.memory.ExtractedEdges;
import dev.strata.domain.graph.FinanceEntity;
import dev.strata.domain.memory.LinkedMemory;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.MemoryEdgeStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@link MemoryEdgeStore} on the {@code memory_edges} table (migration 11). Edges are written by
 * {@link SqliteMemoryStore} with their memory; here they are read, always joined with an active
 * memory of the same tenant, and replays add the missing ones in one batched transaction.
 */
public final class SqliteMemoryEdgeStore implements MemoryEdgeStore {

    private static final String ACTIVE = MemoryRows.ACTIVE;

    private final SqliteDatabase database;
    private final DbClient db;
    private final Transactions transactions;

    public SqliteMemoryEdgeStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
    }

    @Override
    public List<LinkedMemory> neighborhood(Tenant tenant, FinanceEntity entity, int limit) {
        List<Object> params = new ArrayList<>(List.of(tenant.value(), tenant.value()));
        String reaching = reaching(entity, params);
        params.add(limit);
        List<Memory> memories = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + MemoryRows.COLUMNS + " FROM memories m "
                    + "WHERE m.tenant = ? AND " + ACTIVE + " AND m.id IN (SELECT e.src_id FROM memory_edges e "
                    + "WHERE e.tenant = ? AND e.src_table = '" + MemoryEdgeRows.MEMORIES + "' AND " + reaching + ") "
                    + "ORDER BY m.updated_at DESC, m.id DESC LIMIT ?", params, r -> memories.add(MemoryRows.read(r)));
        }
        if (memories.isEmpty()) {
            return List.of();
        }
        Map<Long, List<MemoryEdge>> edges = edgesReaching(tenant, entity, memories);
        return memories.stream().map(m -> new LinkedMemory(m, edges.get(m.id().value()))).toList();
    }

    /** The edges of these memories that reach the entity, per memory, in the order they were written. */
    private Map<Long, List<MemoryEdge>> edgesReaching(Tenant tenant, FinanceEntity entity, List<Memory> memories) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        String reaching = reaching(entity, params);
        memories.forEach(m -> params.add(m.id().value()));
        Map<Long, List<MemoryEdge>> edges = new LinkedHashMap<>();
        try (Stream<DbRow> rows = db.execute().query("SELECT e.src_id, e.edge_type, e.dst_entity_kind, "
                + "e.dst_entity_key, e.weight FROM memory_edges e WHERE e.tenant = ? AND e.src_table = '"
                + MemoryEdgeRows.MEMORIES + "' AND " + reaching + " AND e.src_id IN ("
                + memories.stream().map(m -> "?").collect(Collectors.joining(", ")) + ") ORDER BY e.id",
                params.toArray())) {
            rows.forEach(r -> edges.computeIfAbsent(Columns.longValue(r, "src_id"), id -> new ArrayList<>())
                    .add(toEdge(r)));
        }
        return edges;
    }

    /**
     * The edges that reach an entity: its own, and for a ticker also the ticker pairs that contain
     * it. Pair keys are {@code A|B}; wrapping both sides in bars makes "contains BTC" an exact member
     * test, so {@code BT} never matches {@code BTC|ETH}.
     */
    private static String reaching(FinanceEntity entity, List<Object> params) {
        params.add(entity.kind().wireName());
        params.add(entity.key());
        String own = "(e.dst_entity_kind = ? AND e.dst_entity_key = ?)";
        if (entity.kind() != EntityKind.TICKER) {
            return own;
        }
        params.add("|" + entity.key() + "|");
        return "(" + own + " OR (e.dst_entity_kind = '" + EntityKind.TICKER_PAIR.wireName()
                + "' AND instr('|' || e.dst_entity_key || '|', ?) > 0))";
    }

    @Override
    public List<EntityCount> topEntities(Tenant tenant, Optional<EntityKind> kind, int limit) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        kind.ifPresent(k -> params.add(k.wireName()));
        params.add(limit);
        try (Stream<DbRow> rows = db.execute().query("SELECT e.dst_entity_kind AS kind, e.dst_entity_key AS entity, "
                + "COUNT(DISTINCT e.src_id) AS n_memories, COUNT(*) AS n_edges FROM memory_edges e "
                + "JOIN memories m ON m.id = e.src_id AND m.tenant = e.tenant "
                + "WHERE e.tenant = ? AND e.src_table = '" + MemoryEdgeRows.MEMORIES + "' AND " + ACTIVE
                + (kind.isPresent() ? " AND e.dst_entity_kind = ?" : "")
                + " GROUP BY e.dst_entity_kind, e.dst_entity_key "
                + "ORDER BY n_memories DESC, n_edges DESC, kind, entity LIMIT ?", params.toArray())) {
            return rows.map(r -> new EntityCount(entity(Columns.string(r, "kind"), Columns.string(r, "entity")),
                    Columns.longValue(r, "n_memories"), Columns.longValue(r, "n_edges"))).toList();
        }
    }

    @Override
    public List<EdgeSource> sources(long afterId, int limit) {
        try (Stream<DbRow> rows = db.execute().query("SELECT id, tenant, content FROM memories WHERE id > ? "
                + "ORDER BY id LIMIT ?", afterId, limit)) {
            return rows.map(r -> new EdgeSource(Tenant.of(Columns.string(r, "tenant")),
                    MemoryId.of(Columns.longValue(r, "id")), Columns.string(r, "content"))).toList();
        }
    }

    /** One reused prepared statement, executed as one JDBC batch in one transaction. */
    @Override
    public int addAll(List<ExtractedEdges> batch, Instant now) {
        if (batch.stream().allMatch(e -> e.edges().isEmpty())) {
            return 0;
        }
        String ts = Timestamps.format(Timestamps.truncate(now));
        return transactions.write("write the memory edges", c -> {
            try (PreparedStatement insert = c.prepareStatement(MemoryEdgeRows.INSERT)) {
                for (ExtractedEdges e : batch) {
                    MemoryEdgeRows.addBatch(insert, e.tenant(), e.memory().value(), e.edges(), ts);
                }
                int added = 0;
                for (int count : insert.executeBatch()) {
                    added += Math.max(count, 0);
                }
                return added;
            }
        });
    }

    private static MemoryEdge toEdge(DbRow r) {
        String type = Columns.string(r, "edge_type");
        return new MemoryEdge(EdgeType.fromWireName(type).orElseThrow(() -> new IllegalStateException(
                "memory_edges holds an edge type this version does not know: " + type)),
                entity(Columns.string(r, "dst_entity_kind"), Columns.string(r, "dst_entity_key")),
                Columns.doubleValue(r, "weight"));
    }

    private static FinanceEntity entity(String kind, String key) {
        return new FinanceEntity(EntityKind.fromWireName(kind).orElseThrow(() -> new IllegalStateException(
                "memory_edges holds an entity kind this version does not know: " + kind)), key);
    }
}
