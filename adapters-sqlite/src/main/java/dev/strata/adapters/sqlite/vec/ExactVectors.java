package dev.strata.adapters.sqlite.vec;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The float vectors of a {@link SqliteVectorIndex} once more, in a plain table beside vec0, for the
 * {@link QuantizedVectorIndex}: its exact re-score of the final candidates and its loads of a tenant. vec0
 * stores 1,024 vectors per 1.5 MB blob, so reading one vector by row id costs 0.4-1 ms (its blob's overflow
 * pages are walked); here a vector is one 1.5 kB row, read in microseconds, and a tenant's vectors are one
 * range of an index. The price is the vectors' disk space twice. Written in the same transaction as vec0 by
 * every write of {@link SqliteVectorIndex}.
 *
 * <pre>
 * CREATE TABLE vector_floats_&lt;table&gt;(
 *   chunk_id INTEGER PRIMARY KEY,     -- the same row id as in vec0
 *   tenant   TEXT NOT NULL,
 *   vector   BLOB NOT NULL);          -- little-endian float32, as vec0 reads them
 * CREATE INDEX ... ON vector_floats_&lt;table&gt;(tenant, chunk_id);
 * </pre>
 */
final class ExactVectors {

    private final String vectorTable;
    private final String table;
    private final int dimension;

    ExactVectors(String vectorTable, int dimension) {
        this.vectorTable = Objects.requireNonNull(vectorTable, "vectorTable");
        this.table = "vector_floats_" + vectorTable;
        this.dimension = dimension;
    }

    String table() {
        return table;
    }

    /**
     * Creates the table unless it exists; when it did not and vec0 holds vectors (a database from before it),
     * copies them, once.
     *
     * @return how many vectors were copied
     */
    long createIfAbsent(Connection c, boolean vectorTableExists) throws SQLException {
        boolean existed = exists(c);
        try (var s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + table + "(chunk_id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, "
                    + "vector BLOB NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS " + table + "_by_tenant ON " + table + "(tenant, chunk_id)");
            if (existed || !vectorTableExists) {
                return 0;
            }
            return s.executeUpdate("INSERT INTO " + table + "(chunk_id, tenant, vector) SELECT chunk_id, tenant, "
                    + "embedding FROM " + vectorTable);
        }
    }

    void drop(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    /** Copies every vector of vec0 again (after vec0 was filled behind this table's back: an adoption). */
    void copyAll(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("DELETE FROM " + table);
            s.executeUpdate("INSERT INTO " + table + "(chunk_id, tenant, vector) SELECT chunk_id, tenant, embedding FROM "
                    + vectorTable);
        }
    }

    void insert(Connection c, String tenant, long chunkId, byte[] blob) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR REPLACE INTO " + table
                + "(chunk_id, tenant, vector) VALUES (?, ?, ?)")) {
            s.setLong(1, chunkId);
            s.setString(2, tenant);
            s.setBytes(3, blob);
            s.executeUpdate();
        }
    }

    /** Removes every chunk of one memory: its row ids are one range. */
    void deleteMemory(Connection c, long memoryId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE chunk_id BETWEEN ? AND ?")) {
            s.setLong(1, SqliteVectorIndex.chunkId(memoryId, 0));
            s.setLong(2, SqliteVectorIndex.chunkId(memoryId, SqliteVectorIndex.MAX_CHUNKS - 1));
            s.executeUpdate();
        }
    }

    void deleteChunk(Connection c, long chunkId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE chunk_id = ?")) {
            s.setLong(1, chunkId);
            s.executeUpdate();
        }
    }

    void deleteTenant(Connection c, String tenant) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE tenant = ?")) {
            s.setString(1, tenant);
            s.executeUpdate();
        }
    }

    /**
     * Every vector of a tenant: one range of the (tenant, chunk_id) index. The array handed to the sink is reused
     * for the next vector (a load of 100k vectors would otherwise leave 150 MB of garbage behind it).
     */
    void forEach(Connection c, String tenant, SqliteVectorIndex.VectorSink sink) throws SQLException {
        float[] vector = new float[dimension];
        try (PreparedStatement s = c.prepareStatement("SELECT chunk_id, vector FROM " + table + " WHERE tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    java.nio.ByteBuffer.wrap(r.getBytes(2)).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer()
                            .get(vector);
                    sink.accept(r.getLong(1), vector);
                }
            }
        }
    }

    /** How many vectors a tenant has (to size its in-memory arrays once). */
    int count(Connection c, String tenant) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM " + table + " WHERE tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** One memory's chunk vectors of {@code tenant}, chunk {@code i} at index {@code i} (empty: none, or not its). */
    List<float[]> vectorsOf(Connection c, String tenant, long memoryId) throws SQLException {
        List<float[]> chunks = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT chunk_id, vector FROM " + table
                + " WHERE chunk_id BETWEEN ? AND ? AND tenant = ? ORDER BY chunk_id")) {
            s.setLong(1, SqliteVectorIndex.chunkId(memoryId, 0));
            s.setLong(2, SqliteVectorIndex.chunkId(memoryId, SqliteVectorIndex.MAX_CHUNKS - 1));
            s.setString(3, tenant);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    if (r.getLong(1) != SqliteVectorIndex.chunkId(memoryId, chunks.size())) {
                        break;
                    }
                    chunks.add(SqliteVectorIndex.fromBlob(r.getBytes(2), 0, dimension));
                }
            }
        }
        return chunks;
    }

    /** The vectors of the given chunks of {@code tenant}, per group; null where missing or another tenant's. */
    List<float[][]> vectorsAt(Connection c, String tenant, List<long[]> chunkIds) throws SQLException {
        List<float[][]> out = new ArrayList<>(chunkIds.size());
        try (PreparedStatement s = c.prepareStatement("SELECT tenant, vector FROM " + table + " WHERE chunk_id = ?")) {
            for (long[] group : chunkIds) {
                float[][] vectors = new float[group.length][];
                for (int i = 0; i < group.length; i++) {
                    s.setLong(1, group[i]);
                    try (ResultSet r = s.executeQuery()) {
                        if (r.next() && tenant.equals(r.getString(1))) {
                            vectors[i] = SqliteVectorIndex.fromBlob(r.getBytes(2), 0, dimension);
                        }
                    }
                }
                out.add(vectors);
            }
        }
        return out;
    }

    private boolean exists(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")) {
            s.setString(1, table);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        }
    }
}
