package dev.strata.adapters.sqlite.vec;

import dev.strata.domain.languagemodel.Embedding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chunk vectors of memories in a sqlite-vec {@code vec0} table, searched by cosine KNN.
 *
 * <pre>
 * CREATE VIRTUAL TABLE memory_chunk_vectors USING vec0(
 *   chunk_id    integer primary key,      -- memory_id * 1024 + chunk_index
 *   tenant      text partition key,       -- KNN scans only the tenant's own vectors
 *   embedding   float[384] distance_metric=cosine,
 *   memory_id   integer,                  -- metadata column
 *   +chunk_index integer                  -- auxiliary column: returned, never filtered
 * )
 * </pre>
 *
 * <p>A chunk's row id is derived from its memory ({@link #chunkId}), so replacing or deleting a memory's
 * vectors touches its own rows by id. Filtering on the {@code memory_id} metadata column instead, as the first
 * layout ({@value #LEGACY_TABLE}) did, makes vec0 scan every row of the table: 0.1 s per memory at 12.6k
 * vectors, inside the write lock, which starved request writers behind a backlog of embeddings.
 *
 * <p>Methods run on the caller's connection, which must have the extension loaded
 * ({@link SqliteVecExtension#loadInto}). Writes run in the caller's transaction: a replace is a
 * delete and inserts, atomic only inside one (the store opens it with the adapter's transaction
 * helper). Vectors are bound as little-endian float32 blobs, the format vec0 reads natively.
 */
public final class SqliteVectorIndex {

    private static final System.Logger LOG = System.getLogger(SqliteVectorIndex.class.getName());

    public static final String DEFAULT_TABLE = "memory_chunk_vectors";
    /** The first layout's table: row ids assigned by vec0, deletes by a scan of {@code memory_id}. */
    public static final String LEGACY_TABLE = "memory_vectors";
    /** Most chunks one memory may have: the stride of {@link #chunkId}. */
    public static final int MAX_CHUNKS = 1_024;
    /** The largest {@code k} vec0 accepts in a KNN query. */
    public static final int MAX_K = 4096;
    /** Chunks fetched per wanted memory, since several chunks of one memory can crowd the top. */
    private static final int CHUNKS_PER_MEMORY = 4;

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Pattern DECLARED_DIMENSION = Pattern.compile("float\\[(\\d+)]");

    private final String table;
    private final int dimension;
    private final VectorChangeLog log;
    private final ExactVectors floats;

    public SqliteVectorIndex(String table, int dimension) {
        Objects.requireNonNull(table, "table");
        if (!IDENTIFIER.matcher(table).matches()) {
            throw new IllegalArgumentException("table must be a lower-case SQL identifier, was '" + table + "'");
        }
        if (dimension <= 0 || dimension > 8192) {
            throw new IllegalArgumentException("dimension must be in [1, 8192], was " + dimension);
        }
        this.table = table;
        this.dimension = dimension;
        this.log = new VectorChangeLog(table);
        this.floats = new ExactVectors(table, dimension);
    }

    public String table() {
        return table;
    }

    public int dimension() {
        return dimension;
    }

    /** The record of which memories' vectors changed, kept by every write here (the in-memory index reads it). */
    VectorChangeLog changeLog() {
        return log;
    }

    /**
     * Creates the table unless it exists.
     *
     * @throws IllegalStateException when it exists with another dimension: its vectors came from
     *                               another model and must be dropped and rebuilt
     */
    public void createIfAbsent(Connection connection) throws SQLException {
        // Also beside a table created before the log existed: its writes are recorded from now on.
        log.createIfAbsent(connection);
        OptionalInt existing = existingDimension(connection);
        if (existing.isPresent()) {
            if (existing.getAsInt() != dimension) {
                throw new IllegalStateException("vector table " + table + " holds " + existing.getAsInt()
                        + "-dimensional vectors but the embedding model produces " + dimension
                        + "; drop it and re-embed");
            }
            long copied = floats.createIfAbsent(connection, true);
            if (copied > 0) {
                LOG.log(System.Logger.Level.INFO, "copied " + copied + " vectors of " + table + " to "
                        + floats.table() + " for the in-memory vector index's exact re-score (once)");
            }
            return;
        }
        floats.createIfAbsent(connection, false);
        try (var statement = connection.createStatement()) {
            statement.execute("CREATE VIRTUAL TABLE IF NOT EXISTS " + table + " USING vec0("
                    + "chunk_id integer primary key, "
                    + "tenant text partition key, "
                    + "embedding float[" + dimension + "] distance_metric=cosine, "
                    + "memory_id integer, "
                    + "+chunk_index integer)");
        }
    }

    /** The dimension the table was created with, or empty when it does not exist. */
    public OptionalInt existingDimension(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")) {
            statement.setString(1, table);
            try (ResultSet result = statement.executeQuery()) {
                if (!result.next()) {
                    return OptionalInt.empty();
                }
                Matcher declared = DECLARED_DIMENSION.matcher(result.getString(1));
                if (!declared.find()) {
                    throw new IllegalStateException("table " + table + " exists but is not a vec0 vector table");
                }
                return OptionalInt.of(Integer.parseInt(declared.group(1)));
            }
        }
    }

    /** Drops the table and everything in it (switching models, rebuilding). */
    public void drop(Connection connection) throws SQLException {
        try (var statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
        }
        log.drop(connection);
        floats.drop(connection);
    }

    /**
     * Replaces the vectors of one memory with {@code chunks}, chunk {@code i} at index {@code i}.
     * An empty list just removes the memory's vectors.
     */
    public void replace(Connection connection, String tenant, long memoryId, List<Embedding> chunks)
            throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(chunks, "chunks");
        for (Embedding chunk : chunks) {
            requireDimension(chunk);
        }
        if (chunks.size() > MAX_CHUNKS) {
            throw new IllegalArgumentException("a memory has at most " + MAX_CHUNKS + " chunk vectors, got "
                    + chunks.size());
        }
        if (!ownedBy(connection, memoryId, tenant)) {
            throw new IllegalArgumentException("memory " + memoryId + " has vectors of another tenant");
        }
        deleteRows(connection, memoryId);
        floats.deleteMemory(connection, memoryId);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table
                + "(chunk_id, tenant, embedding, memory_id, chunk_index) VALUES (?, ?, ?, ?, ?)")) {
            for (int index = 0; index < chunks.size(); index++) {
                insert.setLong(1, chunkId(memoryId, index));
                insert.setString(2, tenant);
                insert.setBytes(3, toBlob(chunks.get(index)));
                insert.setLong(4, memoryId);
                insert.setInt(5, index);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        for (int index = 0; index < chunks.size(); index++) {
            floats.insert(connection, tenant, chunkId(memoryId, index), toBlob(chunks.get(index)));
        }
        log.record(connection, tenant, memoryId);
    }

    /**
     * Removes every vector of one memory. Memory ids are unique across tenants, so the row ids alone find
     * them; {@code tenant} is checked so that a caller's mistake cannot remove another tenant's vectors.
     */
    public void delete(Connection connection, String tenant, long memoryId) throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        if (ownedBy(connection, memoryId, tenant)) {
            deleteRows(connection, memoryId);
            floats.deleteMemory(connection, memoryId);
            log.record(connection, tenant, memoryId);
        }
    }

    /**
     * Removes one chunk row by its id (a purged memory's orphan, in slices), recording its memory as changed
     * for {@code tenant}, the row's tenant.
     */
    public void deleteChunk(Connection connection, String tenant, long chunkId) throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE chunk_id = ?")) {
            delete.setLong(1, chunkId);
            delete.executeUpdate();
        }
        floats.deleteChunk(connection, chunkId);
        log.record(connection, tenant, chunkId / MAX_CHUNKS);
    }

    /** The row id of chunk {@code index} of a memory. */
    public static long chunkId(long memoryId, int index) {
        if (memoryId < 0 || memoryId > Long.MAX_VALUE / MAX_CHUNKS - 1) {
            throw new IllegalArgumentException("memory id out of range: " + memoryId);
        }
        if (index < 0 || index >= MAX_CHUNKS) {
            throw new IllegalArgumentException("chunk index must be in [0, " + MAX_CHUNKS + "), was " + index);
        }
        return memoryId * MAX_CHUNKS + index;
    }

    /**
     * Moves the vectors of the first layout ({@value #LEGACY_TABLE}, same dimension) into this table under
     * their derived row ids and drops the old table, in the caller's transaction (the store opens one). A no-op
     * when there is no old table.
     *
     * @return how many chunk vectors moved
     * @throws IllegalStateException when the old table holds vectors of another dimension (another model)
     */
    public long adoptLegacy(Connection connection) throws SQLException {
        SqliteVectorIndex legacy = new SqliteVectorIndex(LEGACY_TABLE, dimension);
        OptionalInt legacyDimension = legacy.existingDimension(connection);
        if (legacyDimension.isEmpty() || table.equals(LEGACY_TABLE)) {
            return 0;
        }
        if (legacyDimension.getAsInt() != dimension) {
            throw new IllegalStateException("vector table " + LEGACY_TABLE + " holds " + legacyDimension.getAsInt()
                    + "-dimensional vectors but the embedding model produces " + dimension + "; drop it and re-embed");
        }
        try (var statement = connection.createStatement()) {
            long moved;
            try (ResultSet r = statement.executeQuery("SELECT count(*) FROM " + LEGACY_TABLE)) {
                r.next();
                moved = r.getLong(1);
            }
            statement.executeUpdate("INSERT INTO " + table + "(chunk_id, tenant, embedding, memory_id, chunk_index) "
                    + "SELECT memory_id * " + MAX_CHUNKS + " + chunk_index, tenant, embedding, memory_id, chunk_index "
                    + "FROM " + LEGACY_TABLE + " WHERE chunk_index < " + MAX_CHUNKS);
            statement.execute("DROP TABLE " + LEGACY_TABLE);
            floats.copyAll(connection);
            List<String> tenants = new java.util.ArrayList<>();
            try (ResultSet r = statement.executeQuery("SELECT DISTINCT tenant FROM " + table)) {
                while (r.next()) {
                    tenants.add(r.getString(1));
                }
            }
            for (String tenant : tenants) {
                log.record(connection, tenant, VectorChangeLog.WHOLE_TENANT);
            }
            return moved;
        }
    }

    /** Removes every vector of a tenant. */
    public void deleteTenant(Connection connection, String tenant) throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE tenant = ?")) {
            delete.setString(1, tenant);
            delete.executeUpdate();
        }
        floats.deleteTenant(connection, tenant);
        log.record(connection, tenant, VectorChangeLog.WHOLE_TENANT);
    }

    /** Number of chunk vectors stored for a tenant. */
    public long count(Connection connection, String tenant) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT count(*) FROM " + table + " WHERE tenant = ?")) {
            statement.setString(1, tenant);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    /**
     * The {@code limit} memories of {@code tenant} nearest to {@code query}, closest first, each
     * with its best chunk. Other tenants' vectors are never scanned.
     */
    public List<VectorHit> nearest(Connection connection, String tenant, Embedding query, int limit)
            throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        requireDimension(query);
        if (limit <= 0 || limit > MAX_K) {
            throw new IllegalArgumentException("limit must be in [1, " + MAX_K + "], was " + limit);
        }
        int k = (int) Math.min(MAX_K, (long) limit * CHUNKS_PER_MEMORY);
        Map<Long, VectorHit> best = new LinkedHashMap<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT memory_id, chunk_index, distance FROM "
                + table + " WHERE embedding MATCH ? AND k = ? AND tenant = ? ORDER BY distance")) {
            statement.setBytes(1, toBlob(query));
            statement.setInt(2, k);
            statement.setString(3, tenant);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next() && best.size() < limit) {
                    long memoryId = result.getLong(1);
                    // Rows arrive closest first, so the first chunk seen for a memory is its best.
                    best.putIfAbsent(memoryId, new VectorHit(memoryId, result.getInt(2),
                            Math.max(0, result.getDouble(3))));
                }
            }
        }
        return List.copyOf(best.values());
    }

    /** Receives one stored chunk vector; the array may be reused after the call returns. */
    @FunctionalInterface
    public interface VectorSink {
        void accept(long chunkId, float[] vector);
    }

    /**
     * Every chunk vector of {@code tenant}, in no order, from the exact copy beside vec0 (one index range; vec0
     * answers a filtered scan by reading every row of the table, seconds at a million rows).
     */
    public void forEachVector(Connection connection, String tenant, VectorSink sink) throws SQLException {
        Objects.requireNonNull(tenant, "tenant");
        floats.forEach(connection, tenant, sink);
    }

    /** How many chunk vectors {@code tenant} has (from the exact copy: an index count, not a scan of vec0). */
    public int vectorCount(Connection connection, String tenant) throws SQLException {
        return floats.count(connection, tenant);
    }

    /** The filtered scan of vec0 itself: what {@link #forEachVector} must agree with. */
    void scan(Connection connection, String tenant, VectorSink sink) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT chunk_id, embedding FROM " + table
                + " WHERE tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    sink.accept(r.getLong(1), fromBlob(r.getBytes(2), 0, dimension));
                }
            }
        }
    }

    /** The stored chunk vectors of one memory of {@code tenant}, chunk {@code i} at index {@code i}; empty: none. */
    public List<float[]> vectorsOf(Connection connection, String tenant, long memoryId) throws SQLException {
        return floats.vectorsOf(connection, tenant, memoryId);
    }

    /**
     * The stored vectors of the given chunks of {@code tenant}, one array per group, each chunk's vector or null
     * where it is missing or another tenant's.
     */
    public List<float[][]> vectorsAt(Connection connection, String tenant, List<long[]> chunkIds) throws SQLException {
        return floats.vectorsAt(connection, tenant, chunkIds);
    }

    static float[] fromBlob(byte[] blob, int offset, int dimension) {
        float[] vector = new float[dimension];
        ByteBuffer.wrap(blob, offset, dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer()
                .get(vector);
        return vector;
    }

    /** Encodes a vector the way vec0 stores float32 columns. */
    static byte[] toBlob(Embedding embedding) {
        ByteBuffer buffer = ByteBuffer.allocate(Float.BYTES * embedding.dimension()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < embedding.dimension(); i++) {
            buffer.putFloat(embedding.get(i));
        }
        return buffer.array();
    }

    private void requireDimension(Embedding embedding) {
        Objects.requireNonNull(embedding, "embedding");
        if (embedding.dimension() != dimension) {
            throw new IllegalArgumentException("vector has " + embedding.dimension() + " dimensions, the index "
                    + table + " holds " + dimension);
        }
    }

    /**
     * Deletes a memory's chunks by row id: a memory's chunks are always written together as indexes
     * {@code 0..n-1}, so they are probed in order until the first missing one. Each probe and delete is a
     * point lookup in vec0's row-id index, never a scan.
     */
    private void deleteRows(Connection connection, long memoryId) throws SQLException {
        try (PreparedStatement probe = connection.prepareStatement("SELECT 1 FROM " + table + " WHERE chunk_id = ?");
             PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE chunk_id = ?")) {
            for (int index = 0; index < MAX_CHUNKS; index++) {
                long id = chunkId(memoryId, index);
                probe.setLong(1, id);
                try (ResultSet r = probe.executeQuery()) {
                    if (!r.next()) {
                        return;
                    }
                }
                delete.setLong(1, id);
                delete.executeUpdate();
            }
        }
    }

    /** True when the memory has no vectors or its first chunk belongs to {@code tenant}. */
    private boolean ownedBy(Connection connection, long memoryId, String tenant) throws SQLException {
        try (PreparedStatement owner = connection.prepareStatement("SELECT tenant FROM " + table
                + " WHERE chunk_id = ?")) {
            owner.setLong(1, chunkId(memoryId, 0));
            try (ResultSet r = owner.executeQuery()) {
                return !r.next() || tenant.equals(r.getString(1));
            }
        }
    }

    /** An index only when the extension loaded, so a caller holds one Optional instead of checking twice. */
    public static Optional<SqliteVectorIndex> whenAvailable(SqliteVecExtension extension, String table, int dimension) {
        return extension.isAvailable() ? Optional.of(new SqliteVectorIndex(table, dimension)) : Optional.empty();
    }
}
