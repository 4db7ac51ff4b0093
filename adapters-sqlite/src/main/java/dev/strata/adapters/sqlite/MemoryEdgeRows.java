package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.EdgeType;
import dev.strata.domain.graph.MemoryEdge;
import dev.strata.domain.memory.Tenant;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * Writing {@code memory_edges} rows (migration 11), shared by the memory store (edges written in
 * the memory's own transaction), the edge store (replays) and the migration's backfill, so all
 * three write exactly the same rows.
 */
final class MemoryEdgeRows {

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


    private MemoryEdgeRows() {
    }

    private static Object[] params(String tenant, long memoryId, MemoryEdge edge, String createdAt) {
        return new Object[] {tenant, memoryId, edge.target().kind().wireName(), edge.target().key(),
                edge.type().wireName(), edge.weight(), createdAt, memoryId, tenant};
    }

    /** Inserts a memory's edges (those its new memory or change carries) through the caller's transaction. */
    static void insert(Connection c, Tenant tenant, long memoryId, List<MemoryEdge> edges, Instant at)
            throws SQLException {
        insertStored(c, tenant.value(), memoryId, edges, Timestamps.format(at));
    }

    /** With the tenant as stored, not re-validated: a migration must not fail on a legacy value. */
    static void insertStored(Connection c, String tenant, long memoryId, List<MemoryEdge> edges, String createdAt)
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
}
