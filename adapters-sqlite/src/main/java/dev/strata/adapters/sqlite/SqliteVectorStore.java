package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.adapters.sqlite.vec.SqliteVectorIndex;
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
 */
public final class SqliteVectorStore implements VectorStore {

    private static final System.Logger LOG = System.getLogger(SqliteVectorStore.class.getName());

    private final SqliteDatabase db;
    private final SqliteVectorIndex index;
    private final Transactions transactions;

    private SqliteVectorStore(SqliteDatabase db, SqliteVectorIndex index) {
        this.db = db;
        this.index = index;
        this.transactions = new Transactions(db);
    }

    /**
     * The vector store for {@code dimension}-sized vectors, its table created when absent; empty
     * when the extension is unavailable (search then stays keyword-only).
     *
     * @throws IllegalStateException when the table holds vectors of another dimension (another model)
     */
    public static Optional<SqliteVectorStore> open(SqliteDatabase db, SqliteVecExtension extension, int dimension) {
        Objects.requireNonNull(db, "db");
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
        return Optional.of(new SqliteVectorStore(db, index.get()));
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
            return index.nearest(c, tenant.value(), query, Math.min(limit, SqliteVectorIndex.MAX_K)).stream()
                    .map(hit -> new VectorMatch(MemoryId.of(hit.memoryId()), hit.distance()))
                    .toList();
        } catch (SQLException e) {
            throw new UnavailableException("vector search failed: " + e.getMessage(), e);
        }
    }

    /**
     * Removes vectors whose memory has been purged; returns how many chunk rows went. The orphans are found
     * by one read, then deleted by row id in background slices of {@value #ORPHANS_PER_SLICE}, so a large
     * purge never holds the write lock against requests.
     */
    public int deleteOrphans() {
        List<Long> orphans = new ArrayList<>();
        try (Connection c = db.connection(); var s = c.createStatement();
             var r = s.executeQuery("SELECT chunk_id FROM " + index.table()
                     + " WHERE memory_id NOT IN (SELECT id FROM memories)")) {
            while (r.next()) {
                orphans.add(r.getLong(1));
            }
        } catch (SQLException e) {
            throw new UnavailableException("cannot find vectors to prune: " + e.getMessage(), e);
        }
        for (int from = 0; from < orphans.size(); from += ORPHANS_PER_SLICE) {
            List<Long> slice = orphans.subList(from, Math.min(orphans.size(), from + ORPHANS_PER_SLICE));
            inSlice("prune vectors", c -> {
                try (var delete = c.prepareStatement("DELETE FROM " + index.table() + " WHERE chunk_id = ?")) {
                    for (long id : slice) {
                        delete.setLong(1, id);
                        delete.executeUpdate();
                    }
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
            throw new UnavailableException("could not " + what + ": " + e.getMessage(), e);
        }
    }
}
