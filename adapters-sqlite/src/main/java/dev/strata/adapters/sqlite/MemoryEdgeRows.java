package dev.strata.adapters.sqlite;

import dev.strata.domain.entity.EdgeExtractor;
import dev.strata.domain.entity.EdgeType;
import dev.strata.domain.entity.FinanceEntityExtractor;
import dev.strata.domain.entity.MemoryEdge;
import dev.strata.domain.memory.Tenant;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writing {@code memory_edges} rows (migration 11), shared by the memory store (edges written in
 * the memory's own transaction), the edge store (replays) and the migration's backfill, so all
 * three write exactly the same rows.
 */
final class MemoryEdgeRows {

    private static final System.Logger LOG = System.getLogger(MemoryEdgeRows.class.getName());

    /** The one source table that exists so far; {@code role_memory} will join it when it is built. */
    static final String MEMORIES = "memories";

    /**
     * Idempotent by the UNIQUE key, like the spec's {@code INSERT OR IGNORE}, but only a duplicate
     * edge is skipped: any other violation still fails the write. The {@code EXISTS} guard drops
     * edges for a memory that is gone or belongs to another tenant, so a replay racing a purge leaves
     * no orphans and a caller can never attach edges to another tenant's memory.
     */
    static final String INSERT = "INSERT INTO memory_edges(tenant, src_table, src_id, dst_entity_kind, "
            + "dst_entity_key, edge_type, weight, created_at) "
            + "SELECT ?, '" + MEMORIES + "', ?, ?, ?, ?, ?, ? "
            + "WHERE EXISTS (SELECT 1 FROM memories WHERE id = ? AND tenant = ?) "
            + "ON CONFLICT (src_table, src_id, dst_entity_kind, dst_entity_key, edge_type) DO NOTHING";

    /**
     * For the rows of a batch the same transaction has just inserted: the guard could only say yes,
     * and skipping its look-up keeps batched writes near raw insert speed.
     */
    static final String INSERT_FOR_NEW_ROWS = "INSERT INTO memory_edges(tenant, src_table, src_id, dst_entity_kind, "
            + "dst_entity_key, edge_type, weight, created_at) VALUES (?, '" + MEMORIES + "', ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT (src_table, src_id, dst_entity_kind, dst_entity_key, edge_type) DO NOTHING";
    private static final int GUARD_PARAMS = 2;

    /** A content change replaces what the content implied; a scenario edge came from the system and stays. */
    private static final String DELETE_CONTENT_EDGES = "DELETE FROM memory_edges WHERE src_table = '" + MEMORIES
            + "' AND src_id = ? AND edge_type <> '" + EdgeType.BELONGS_TO_SCENARIO.wireName() + "'";

    private static final int BACKFILL_PAGE = 500;

    private MemoryEdgeRows() {
    }

    private static Object[] params(String tenant, long memoryId, MemoryEdge edge, String createdAt) {
        return new Object[] {tenant, memoryId, edge.target().kind().wireName(), edge.target().key(),
                edge.type().wireName(), edge.weight(), createdAt, memoryId, tenant};
    }

    /** Inserts a memory's edges (those its new memory or change carries) through the caller's transaction. */
    static void insert(Connection c, Tenant tenant, long memoryId, List<MemoryEdge> edges, Instant at)
            throws SQLException {
        insert(c, tenant.value(), memoryId, edges, Timestamps.format(at));
    }

    private static void insert(Connection c, String tenant, long memoryId, List<MemoryEdge> edges, String createdAt)
            throws SQLException {
        if (edges.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = c.prepareStatement(INSERT)) {
            addBatch(insert, tenant, memoryId, edges, createdAt, true);
            insert.executeBatch();
        }
    }

    /** Replaces the content-derived edges of a memory whose content changed. */
    static void replace(Connection c, Tenant tenant, long memoryId, List<MemoryEdge> edges, Instant at)
            throws SQLException {
        Jdbc.update(c, DELETE_CONTENT_EDGES, memoryId);
        insert(c, tenant, memoryId, edges, at);
    }

    /** Adds a memory's edges to a prepared {@link #INSERT} batch; returns how many were added. */
    static int addBatch(PreparedStatement insert, Tenant tenant, long memoryId, List<MemoryEdge> edges,
                        String createdAt) throws SQLException {
        return addBatch(insert, tenant.value(), memoryId, edges, createdAt, true);
    }

    /** Adds a just-inserted memory's edges to a prepared {@link #INSERT_FOR_NEW_ROWS} batch. */
    static int addNewRowBatch(PreparedStatement insert, Tenant tenant, long memoryId, List<MemoryEdge> edges,
                              String createdAt) throws SQLException {
        return addBatch(insert, tenant.value(), memoryId, edges, createdAt, false);
    }

    private static int addBatch(PreparedStatement insert, String tenant, long memoryId, List<MemoryEdge> edges,
                                String createdAt, boolean guarded) throws SQLException {
        for (MemoryEdge edge : edges) {
            Object[] params = params(tenant, memoryId, edge, createdAt);
            int count = guarded ? params.length : params.length - GUARD_PARAMS;
            for (int i = 0; i < count; i++) {
                insert.setObject(i + 1, params[i]);
            }
            insert.addBatch();
        }
        return edges.size();
    }

    /**
     * Migration 11's backfill: the edges of every memory stored before the table existed, deleted
     * and superseded rows included (a restore must find its edges). Deterministic, since the
     * extractor is; re-running it later ({@code strata edges rebuild}) adds nothing.
     */
    static void backfill(Connection tx, Instant now) throws SQLException {
        EdgeExtractor extractor = new EdgeExtractor(new FinanceEntityExtractor());
        String createdAt = Timestamps.format(now);
        long after = 0;
        while (true) {
            record Row(long id, String tenant, String content) {
            }
            List<Row> page = new ArrayList<>();
            Jdbc.forEach(tx, "SELECT id, tenant, content FROM memories WHERE id > ? ORDER BY id LIMIT ?",
                    List.of(after, BACKFILL_PAGE), r -> page.add(new Row(r.getLong(1), r.getString(2),
                            r.getString(3))));
            for (Row row : page) {
                after = row.id();
                List<MemoryEdge> edges;
                try {
                    edges = extractor.extract(row.content());
                } catch (RuntimeException e) {
                    // An extractor defect must not make the database unopenable; the rebuild command retries.
                    LOG.log(System.Logger.Level.WARNING, "no edges back-filled for memory " + row.id(), e);
                    continue;
                }
                // The tenant as stored (not re-validated): a legacy value must not fail the upgrade either.
                insert(tx, row.tenant(), row.id(), edges, createdAt);
            }
            if (page.size() < BACKFILL_PAGE) {
                return;
            }
        }
    }
}
