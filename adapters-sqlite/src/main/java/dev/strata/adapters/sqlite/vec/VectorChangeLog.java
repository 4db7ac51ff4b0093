package dev.strata.adapters.sqlite.vec;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which memories' vectors changed, per tenant, in order: the staleness check of the in-memory
 * {@link QuantizedVectorIndex}. Every write to the vector table ({@link SqliteVectorIndex}: replace, delete,
 * a tenant's or an orphan's removal) records its memory here in the same transaction, whichever process
 * or code path runs it (the server's worker, {@code strata reindex}, a redaction sweep, a purge). A reader
 * remembers the last sequence number it has applied and asks for the memories changed after it: one
 * indexed read, empty while nothing was written. A rolled-back write never records, so the cache never
 * sees it.
 *
 * <pre>
 * CREATE TABLE vector_log_&lt;table&gt;(
 *   tenant    TEXT    NOT NULL,
 *   memory_id INTEGER NOT NULL,   -- {@value #WHOLE_TENANT}: every vector of the tenant changed
 *   seq       INTEGER NOT NULL,   -- per tenant, increasing; a memory keeps only its latest change
 *   PRIMARY KEY (tenant, memory_id)) WITHOUT ROWID;
 * CREATE INDEX ... ON vector_log_&lt;table&gt;(tenant, seq);
 * </pre>
 *
 * One row per memory that ever had vectors (its latest change): the log is bounded by the memories, not by
 * the writes.
 */
final class VectorChangeLog {

    /** The memory id of a change that touches every vector of the tenant (a tenant's removal, an adoption). */
    static final long WHOLE_TENANT = -1;

    private final String table;

    VectorChangeLog(String vectorTable) {
        this.table = "vector_log_" + Objects.requireNonNull(vectorTable, "vectorTable");
    }

    String table() {
        return table;
    }

    void createIfAbsent(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + table + "(tenant TEXT NOT NULL, memory_id INTEGER NOT NULL, "
                    + "seq INTEGER NOT NULL, PRIMARY KEY (tenant, memory_id)) WITHOUT ROWID");
            s.execute("CREATE INDEX IF NOT EXISTS " + table + "_by_seq ON " + table + "(tenant, seq)");
        }
    }

    void drop(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    /** Records that a memory's vectors changed; runs in the writer's transaction. */
    void record(Connection c, String tenant, long memoryId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO " + table + "(tenant, memory_id, seq) VALUES "
                + "(?1, ?2, (SELECT coalesce(max(seq), 0) + 1 FROM " + table + " WHERE tenant = ?1)) "
                + "ON CONFLICT (tenant, memory_id) DO UPDATE SET seq = excluded.seq")) {
            s.setString(1, tenant);
            s.setLong(2, memoryId);
            s.executeUpdate();
        }
    }

    /** The tenant's latest sequence number, 0 when nothing was ever recorded. */
    long latest(Connection c, String tenant) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT coalesce(max(seq), 0) FROM " + table
                + " WHERE tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    /** The memories changed after {@code seq}, in order; at most {@code max} (more: the caller reloads). */
    List<Change> since(Connection c, String tenant, long seq, int max) throws SQLException {
        List<Change> changes = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT memory_id, seq FROM " + table
                + " WHERE tenant = ? AND seq > ? ORDER BY seq LIMIT ?")) {
            s.setString(1, tenant);
            s.setLong(2, seq);
            s.setInt(3, max);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    changes.add(new Change(r.getLong(1), r.getLong(2)));
                }
            }
        }
        return changes;
    }

    /** A memory whose vectors changed, at sequence number {@code seq}. */
    record Change(long memoryId, long seq) {
        boolean wholeTenant() {
            return memoryId == WHOLE_TENANT;
        }
    }
}
