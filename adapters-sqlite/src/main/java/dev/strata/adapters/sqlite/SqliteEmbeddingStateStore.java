package dev.strata.adapters.sqlite;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.retrieval.EmbeddingBacklog;
import dev.strata.domain.retrieval.EmbeddingState;
import dev.strata.domain.retrieval.EmbeddingStateStore;
import dev.strata.domain.retrieval.PendingEmbedding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code memories.embedding_state} and the {@code embedding_cache} table (migration 7). Called inside a
 * background slice ({@link SqliteDatabase#inBackgroundSlice}), every method runs on the slice's connection
 * and its writes join the slice's transaction.
 */
public final class SqliteEmbeddingStateStore implements EmbeddingStateStore {

    private final SqliteDatabase db;

    public SqliteEmbeddingStateStore(SqliteDatabase db) {
        this.db = Objects.requireNonNull(db, "db");
    }

    @Override
    public void mark(Tenant tenant, MemoryId memory, EmbeddingState state) {
        update("UPDATE memories SET embedding_state = ? WHERE tenant = ? AND id = ?", state.wireName(),
                tenant.value(), memory.value());
    }

    @Override
    public List<PendingEmbedding> inStates(List<EmbeddingState> states, long afterId, int limit) {
        if (states.isEmpty()) {
            return List.of();
        }
        String sql = "SELECT id, tenant, content FROM memories WHERE deleted_at IS NULL AND embedding_state IN ("
                + placeholders(states.size()) + ") AND id > ? ORDER BY id LIMIT ?";
        try (Connection c = db.connection(); PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            for (EmbeddingState state : states) {
                s.setString(i++, state.wireName());
            }
            s.setLong(i++, afterId);
            s.setInt(i, limit);
            List<PendingEmbedding> rows = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(new PendingEmbedding(Tenant.of(r.getString(2)), MemoryId.of(r.getLong(1)),
                            r.getString(3)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw failure("reading rows to embed", e);
        }
    }

    @Override
    public long countInStates(List<EmbeddingState> states) {
        if (states.isEmpty()) {
            return 0;
        }
        String sql = "SELECT count(*) FROM memories WHERE deleted_at IS NULL AND embedding_state IN ("
                + placeholders(states.size()) + ")";
        try (Connection c = db.connection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < states.size(); i++) {
                s.setString(i + 1, states.get(i).wireName());
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        } catch (SQLException e) {
            throw failure("counting rows to embed", e);
        }
    }

    @Override
    public int resetAll() {
        return update("UPDATE memories SET embedding_state = 'pending' WHERE deleted_at IS NULL "
                + "AND embedding_state <> 'pending'");
    }

    @Override
    public Optional<Embedding> cached(String contentHash, String model) {
        try {
            return db.withConnection(c -> {
                try (PreparedStatement s = c.prepareStatement(
                        "SELECT vector FROM embedding_cache WHERE content_hash = ? AND model = ?")) {
                    s.setString(1, contentHash);
                    s.setString(2, model);
                    try (ResultSet r = s.executeQuery()) {
                        return r.next() ? Optional.of(fromBlob(r.getBytes(1))) : Optional.empty();
                    }
                }
            });
        } catch (SQLException e) {
            throw failure("reading the embedding cache", e);
        }
    }

    @Override
    public void cache(String contentHash, String model, Embedding embedding) {
        try {
            db.withConnection(c -> {
                try (PreparedStatement s = c.prepareStatement(
                        "INSERT OR IGNORE INTO embedding_cache(content_hash, model, vector) VALUES (?, ?, ?)")) {
                    s.setString(1, contentHash);
                    s.setString(2, model);
                    s.setBytes(3, toBlob(embedding));
                    return s.executeUpdate();
                }
            });
        } catch (SQLException e) {
            throw failure("writing the embedding cache", e);
        }
    }

    /**
     * Counts by the partial index on pending and failed rows; the oldest pending row is the one whose last
     * write is oldest ({@code updated_at}: a content change makes a row pending again).
     */
    @Override
    public EmbeddingBacklog backlog() {
        String sql = "SELECT sum(embedding_state = 'pending'), sum(embedding_state = 'failed'), "
                + "min(CASE WHEN embedding_state = 'pending' THEN updated_at END) FROM memories "
                + "WHERE deleted_at IS NULL AND embedding_state IN ('pending', 'failed')";
        try (Connection c = db.connection(); PreparedStatement s = c.prepareStatement(sql);
             ResultSet r = s.executeQuery()) {
            r.next();
            String oldest = r.getString(3);
            return new EmbeddingBacklog(r.getLong(1), r.getLong(2),
                    oldest == null ? Optional.empty() : Optional.of(Timestamps.parse(oldest)));
        } catch (SQLException e) {
            throw failure("reading the embedding backlog", e);
        }
    }

    static byte[] toBlob(Embedding embedding) {
        ByteBuffer buffer = ByteBuffer.allocate(Float.BYTES * embedding.dimension()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < embedding.dimension(); i++) {
            buffer.putFloat(embedding.get(i));
        }
        return buffer.array();
    }

    static Embedding fromBlob(byte[] blob) {
        ByteBuffer buffer = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        float[] vector = new float[blob.length / Float.BYTES];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = buffer.getFloat();
        }
        return new Embedding(vector);
    }

    private int update(String sql, Object... params) {
        try {
            return db.withConnection(c -> {
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    for (int i = 0; i < params.length; i++) {
                        s.setObject(i + 1, params[i]);
                    }
                    return s.executeUpdate();
                }
            });
        } catch (SQLException e) {
            throw failure("updating embedding states", e);
        }
    }

    private static String placeholders(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    private static UnavailableException failure(String what, SQLException e) {
        return SqliteFailures.unavailable(what + " failed: " + e.getMessage(), e);
    }
}
