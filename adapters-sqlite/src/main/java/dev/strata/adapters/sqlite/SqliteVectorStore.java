package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.QuantizedVectorIndex;
import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.adapters.sqlite.vec.SqliteVectorIndex;
import dev.strata.adapters.sqlite.vec.VectorHit;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorMatch;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@link VectorStore} port on the database's pooled connections, which must have sqlite-vec
 * loaded ({@link SqliteDatabase#open(java.nio.file.Path, dev.strata.adapters.sqlite.SqliteSettings,
 * java.time.Clock, SqliteVecExtension)}).
 *
 * <p>vec0 is the durable store; its KNN is a scan of every float vector of the tenant. Unless switched off
 * ({@link InMemoryIndex#OFF}), searches are answered by a {@link QuantizedVectorIndex} held in memory, kept in
 * step with every write through the vector table's change log, with exact distances from vec0's vectors.
 */
public final class SqliteVectorStore implements VectorStore {

    private static final System.Logger LOG = System.getLogger(SqliteVectorStore.class.getName());

    private final SqliteDatabase db;
    private final SqliteVectorIndex index;
    private final Transactions transactions;
    private final Optional<QuantizedVectorIndex> inMemory;

    /**
     * Whether KNN is answered from memory, and the heap its quantised vectors may take (about 470 bytes per
     * 384-dimensional chunk vector; the least recently searched tenants are dropped past it).
     */
    public record InMemoryIndex(boolean enabled, int budgetMb) {
        public static final InMemoryIndex DEFAULT = new InMemoryIndex(true, 256);
        public static final InMemoryIndex OFF = new InMemoryIndex(false, DEFAULT.budgetMb());

        public InMemoryIndex {
            if (budgetMb < 1 || budgetMb > 65_536) {
                throw new IllegalArgumentException("the in-memory vector index budget must be in [1, 65536] MB, was "
                        + budgetMb);
            }
        }
    }

    private SqliteVectorStore(SqliteDatabase db, SqliteVectorIndex index, InMemoryIndex inMemory) {
        this.db = db;
        this.index = index;
        this.transactions = new Transactions(db);
        this.inMemory = inMemory.enabled()
                ? Optional.of(new QuantizedVectorIndex(index, inMemory.budgetMb() * 1_048_576L))
                : Optional.empty();
    }

    /**
     * The vector store for {@code dimension}-sized vectors, its table created when absent; empty
     * when the extension is unavailable (search then stays keyword-only).
     *
     * @throws IllegalStateException when the table holds vectors of another dimension (another model)
     */
    public static Optional<SqliteVectorStore> open(SqliteDatabase db, SqliteVecExtension extension, int dimension) {
        return open(db, extension, dimension, InMemoryIndex.DEFAULT);
    }

    /** {@link #open(SqliteDatabase, SqliteVecExtension, int)} with searches answered as {@code inMemory} says. */
    public static Optional<SqliteVectorStore> open(SqliteDatabase db, SqliteVecExtension extension, int dimension,
                                                   InMemoryIndex inMemory) {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(inMemory, "inMemory");
        Optional<SqliteVectorIndex> index = SqliteVectorIndex.whenAvailable(extension, SqliteVectorIndex.DEFAULT_TABLE,
                dimension);
        if (index.isEmpty()) {
            return Optional.empty();
        }
        try (Connection c = db.connection()) {
            index.get().createIfAbsent(c);
        } catch (SQLException e) {
            throw new UnavailableException("cannot create the vector table: " + e.getMessage(), e);
        }
        long adopted = new Transactions(db).write("move the vectors to " + index.get().table(), index.get()::adoptLegacy);
        if (adopted > 0) {
            LOG.log(System.Logger.Level.INFO, "moved " + adopted + " chunk vectors to " + index.get().table()
                    + ", keyed by memory so that replacing a memory's vectors no longer scans the table");
        }
        return Optional.of(new SqliteVectorStore(db, index.get(), inMemory));
    }

    /** Drops every vector (before re-embedding everything with another model). */
    public static void dropAll(SqliteDatabase db, SqliteVecExtension extension) {
        if (!extension.isAvailable()) {
            return;
        }
        try (Connection c = db.connection()) {
            new SqliteVectorIndex(SqliteVectorIndex.DEFAULT_TABLE, 1).drop(c);
            new SqliteVectorIndex(SqliteVectorIndex.LEGACY_TABLE, 1).drop(c);
        } catch (SQLException e) {
            throw new UnavailableException("cannot drop the vector table: " + e.getMessage(), e);
        }
    }

    @Override
    public void replace(Tenant tenant, MemoryId memory, List<Embedding> chunks) {
        transactions.write("store vectors", c -> {
            index.replace(c, tenant.value(), memory.value(), chunks);
            return null;
        });
    }

    @Override
    public void delete(Tenant tenant, MemoryId memory) {
        transactions.write("delete vectors", c -> {
            index.delete(c, tenant.value(), memory.value());
            return null;
        });
    }

    @Override
    public List<VectorMatch> nearest(Tenant tenant, Embedding query, int limit) {
        try (Connection c = db.connection()) {
            int k = Math.min(limit, SqliteVectorIndex.MAX_K);
            Optional<List<VectorHit>> fromMemory = inMemory.isPresent()
                    ? inMemory.get().nearest(c, tenant.value(), query, k) : Optional.empty();
            return matches(fromMemory.isPresent() ? fromMemory.get() : index.nearest(c, tenant.value(), query, k));
        } catch (SQLException e) {
            throw new UnavailableException("vector search failed: " + e.getMessage(), e);
        }
    }

    /** The exact KNN, vec0's scan, whatever the in-memory index: the reference the benchmark measures recall by. */
    public List<VectorMatch> nearestExact(Tenant tenant, Embedding query, int limit) {
        try (Connection c = db.connection()) {
            return matches(index.nearest(c, tenant.value(), query, Math.min(limit, SqliteVectorIndex.MAX_K)));
        } catch (SQLException e) {
            throw new UnavailableException("vector search failed: " + e.getMessage(), e);
        }
    }

    /** Heap held by the in-memory index's loaded tenants (0 when it is off). */
    public long inMemoryBytes() {
        return inMemory.map(QuantizedVectorIndex::residentBytes).orElse(0L);
    }

    private static List<VectorMatch> matches(List<VectorHit> hits) {
        return hits.stream().map(hit -> new VectorMatch(MemoryId.of(hit.memoryId()), hit.distance())).toList();
    }

    /**
     * Removes vectors whose memory has been purged; returns how many chunk rows went. The orphans are found
     * by one read, then deleted by row id in background slices of {@value #ORPHANS_PER_SLICE}, so a large
     * purge never holds the write lock against requests.
     */
    public int deleteOrphans() {
        List<Long> orphans = new ArrayList<>();
        List<String> tenants = new ArrayList<>();
        try (Connection c = db.connection(); var s = c.createStatement();
             var r = s.executeQuery("SELECT chunk_id, tenant FROM " + index.table()
                     + " WHERE memory_id NOT IN (SELECT id FROM memories)")) {
            while (r.next()) {
                orphans.add(r.getLong(1));
                tenants.add(r.getString(2));
            }
        } catch (SQLException e) {
            throw new UnavailableException("cannot find vectors to prune: " + e.getMessage(), e);
        }
        for (int from = 0; from < orphans.size(); from += ORPHANS_PER_SLICE) {
            int first = from;
            int last = Math.min(orphans.size(), from + ORPHANS_PER_SLICE);
            inSlice("prune vectors", c -> {
                for (int i = first; i < last; i++) {
                    index.deleteChunk(c, tenants.get(i), orphans.get(i));
                }
                return null;
            });
        }
        return orphans.size();
    }

    /** Chunk rows deleted per background slice by {@link #deleteOrphans()}: a few milliseconds of the write lock. */
    static final int ORPHANS_PER_SLICE = 200;

    private void inSlice(String what, WriteGate.SqlWork<Void> work) {
        try {
            db.inBackgroundSlice(work);
        } catch (SQLException e) {
            throw SqliteFailures.unavailable("could not " + what + ": " + e.getMessage(), e);
        }
    }
}
