package dev.strata.adapters.sqlite;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Snippet;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbClientException;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** {@link MemoryStore} on the SQLite file: the {@code memories} table and its FTS5 index. */
public final class SqliteMemoryStore implements MemoryStore {

    private static final System.Logger LOG = System.getLogger(SqliteMemoryStore.class.getName());
    private static final String COLUMNS =
            "m.id, m.tenant, m.category, m.content, COALESCE(m.metadata, '') AS metadata, m.source, m.created_at, "
                    + "m.updated_at, COALESCE(m.deleted_at, '') AS deleted_at";
    private static final String INSERT = "INSERT INTO memories(tenant, category, content, metadata, source, "
            + "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)";

    /** How many index rows per requested hit the fast path ranks before filtering by tenant. */
    static final int OVERFETCH = 4;

    private final SqliteDatabase database;
    private final DbClient db;

    public SqliteMemoryStore(SqliteDatabase database) {
        this.database = database;
        this.db = database.dbClient();
    }

    @Override
    public Memory insert(NewMemory memory, Instant now) {
        Instant at = Timestamps.truncate(now);
        DbTransaction tx = db.transaction();
        try {
            tx.insert(INSERT, insertParams(memory, at));
            long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
            tx.commit();
            return stored(id, memory, at);
        } catch (RuntimeException e) {
            tx.rollback();
            throw storageFailure("write the memory", e);
        }
    }

    /**
     * Plain JDBC with one reused prepared statement executed as a JDBC batch: a thousand rows cost
     * one parse and one commit, which is what keeps batched writes close to raw insert speed. The
     * ids need no per-row round trip: the transaction holds SQLite's write lock from BEGIN
     * (IMMEDIATE mode), so AUTOINCREMENT hands out consecutive ids ending at last_insert_rowid().
     */
    @Override
    public List<Memory> insertAll(List<NewMemory> memories, Instant now) {
        if (memories.isEmpty()) {
            return List.of();
        }
        Instant at = Timestamps.truncate(now);
        try (Connection c = database.connection()) {
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement(INSERT);
                 PreparedStatement lastId = c.prepareStatement("SELECT last_insert_rowid()")) {
                for (NewMemory m : memories) {
                    Object[] params = insertParams(m, at);
                    for (int i = 0; i < params.length; i++) {
                        insert.setObject(i + 1, params[i]);
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
                long last;
                try (ResultSet rs = lastId.executeQuery()) {
                    rs.next();
                    last = rs.getLong(1);
                }
                c.commit();
                long first = last - memories.size() + 1;
                List<Memory> stored = new ArrayList<>(memories.size());
                for (int i = 0; i < memories.size(); i++) {
                    stored.add(stored(first + i, memories.get(i), at));
                }
                return stored;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new UnavailableException("could not write the memories: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Memory> find(Tenant tenant, MemoryId id) {
        return db.execute().get("SELECT " + COLUMNS + " FROM memories m WHERE m.id = ? AND m.tenant = ? "
                + "AND m.deleted_at IS NULL", id.value(), tenant.value()).map(SqliteMemoryStore::toMemory);
    }

    @Override
    public List<Memory> list(Tenant tenant, Optional<Category> category, int limit) {
        String sql = "SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? AND m.deleted_at IS NULL"
                + (category.isPresent() ? " AND m.category = ?" : "")
                + " ORDER BY m.updated_at DESC, m.id DESC LIMIT ?";
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        category.ifPresent(c -> params.add(c.value()));
        params.add(limit);
        try (Stream<DbRow> rows = db.execute().query(sql, params.toArray())) {
            return rows.map(SqliteMemoryStore::toMemory).toList();
        }
    }

    @Override
    public Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Instant now) {
        List<String> sets = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        change.content().ifPresent(c -> {
            sets.add("content = ?");
            params.add(c);
        });
        change.metadata().ifPresent(m -> {
            sets.add("metadata = ?");
            params.add(m.isEmpty() ? null : m.json());
        });
        sets.add("updated_at = ?");
        params.add(Timestamps.format(Timestamps.truncate(now)));
        params.add(id.value());
        params.add(tenant.value());
        long changed = db.execute().update("UPDATE memories SET " + String.join(", ", sets)
                + " WHERE id = ? AND tenant = ? AND deleted_at IS NULL", params.toArray());
        return changed == 0 ? Optional.empty() : find(tenant, id);
    }

    @Override
    public boolean softDelete(Tenant tenant, MemoryId id, Instant now) {
        return db.execute().update("UPDATE memories SET deleted_at = ? WHERE id = ? AND tenant = ? "
                + "AND deleted_at IS NULL", Timestamps.format(Timestamps.truncate(now)), id.value(), tenant.value()) > 0;
    }

    @Override
    public Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince) {
        db.execute().update("UPDATE memories SET deleted_at = NULL WHERE id = ? AND tenant = ? "
                + "AND deleted_at IS NOT NULL AND deleted_at >= ?", id.value(), tenant.value(),
                Timestamps.format(deletedSince));
        return find(tenant, id);
    }

    @Override
    public int purgeDeletedBefore(Instant cutoff) {
        return (int) db.execute().delete("DELETE FROM memories WHERE deleted_at IS NOT NULL AND deleted_at < ?",
                Timestamps.format(cutoff));
    }

    @Override
    public List<SearchHit> search(SearchRequest request) {
        Fts5Query query = Fts5Query.from(request.query());
        try {
            return ftsSearch(request, query);
        } catch (DbClientException e) {
            if (!isFtsSyntaxError(e)) {
                throw storageFailure("search", e);
            }
            LOG.log(System.Logger.Level.DEBUG, "FTS5 rejected {0}; falling back to LIKE", query.match());
            return likeSearch(request);
        }
    }

    /** The FTS5 MATCH expression this store runs for a query; the benchmark replays it on raw JDBC. */
    public static String ftsMatchExpression(String query) {
        return Fts5Query.from(query).match();
    }

    @Override
    public long count(Tenant tenant) {
        return db.execute().get("SELECT COUNT(*) AS n FROM memories WHERE tenant = ? AND deleted_at IS NULL",
                tenant.value()).map(r -> Columns.longValue(r, "n")).orElse(0L);
    }

    /**
     * Ranking runs on the FTS index alone: the best {@code limit * OVERFETCH} rows of the whole index
     * are taken, and only those are checked for tenant, deletion and category. When at least
     * {@code limit} of them are visible, they are exactly the tenant's best rows (any row outside
     * the window ranks below every row inside it); so they are when the window was not even full.
     * That makes the common case cost about as much as a bare MATCH. Otherwise the query runs again
     * with the filter inside the ranking, which is always exact.
     */
    private List<SearchHit> ftsSearch(SearchRequest request, Fts5Query query) {
        int window = request.limit() * OVERFETCH;
        List<SearchHit> hits = new ArrayList<>();
        int seen = rankedHits(request, query, "SELECT rowid AS id, rank FROM memories_fts WHERE memories_fts MATCH ? "
                + "ORDER BY rank LIMIT " + window, List.of(query.match()), hits);
        if (hits.size() >= request.limit() || seen < window) {
            return hits.size() > request.limit() ? List.copyOf(hits.subList(0, request.limit())) : List.copyOf(hits);
        }
        hits.clear();
        List<Object> params = new ArrayList<>(List.of(query.match(), request.tenant().value()));
        request.category().ifPresent(c -> params.add(c.value()));
        rankedHits(request, query, "SELECT f.rowid AS id, f.rank AS rank FROM memories_fts f "
                + "JOIN memories i ON i.id = f.rowid WHERE memories_fts MATCH ? AND i.tenant = ? "
                + "AND i.deleted_at IS NULL" + (request.category().isPresent() ? " AND i.category = ?" : "")
                + " ORDER BY f.rank LIMIT " + request.limit(), params, hits);
        return List.copyOf(hits);
    }

    /** Runs a ranking subquery, adds the visible rows to {@code hits} in rank order, returns how many rows it ranked. */
    private int rankedHits(SearchRequest request, Fts5Query query, String ranking, List<Object> rankParams,
                           List<SearchHit> hits) {
        String sql = "SELECT " + COLUMNS + ", t.rank, (m.tenant = ? AND m.deleted_at IS NULL"
                + (request.category().isPresent() ? " AND m.category = ?" : "") + ") AS visible FROM ("
                + ranking + ") t JOIN memories m ON m.id = t.id ORDER BY t.rank, m.id";
        List<Object> params = new ArrayList<>();
        params.add(request.tenant().value());
        request.category().ifPresent(c -> params.add(c.value()));
        params.addAll(rankParams);
        int[] seen = {0};
        try (Stream<DbRow> rows = db.execute().query(sql, params.toArray())) {
            rows.forEach(r -> {
                seen[0]++;
                if (Columns.longValue(r, "visible") == 1) {
                    Memory m = toMemory(r);
                    double bm25 = Columns.doubleValue(r, "rank");
                    hits.add(new SearchHit(m, Snippet.of(m.content(), query.terms(), Snippet.DEFAULT_WINDOW_WORDS),
                            -bm25));
                }
            });
        }
        return seen[0];
    }

    /** spec 01: a query FTS5 cannot parse still answers, by substring match on its keywords. */
    private List<SearchHit> likeSearch(SearchRequest request) {
        List<String> keywords = QueryText.keywords(request.query());
        if (keywords.isEmpty()) {
            return List.of();
        }
        List<String> matches = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        for (String k : keywords) {
            matches.add("(m.content LIKE ? ESCAPE '\\')");
            params.add("%" + k.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
        }
        String score = String.join(" + ", matches);
        List<Object> all = new ArrayList<>(params);
        all.add(request.tenant().value());
        request.category().ifPresent(c -> all.add(c.value()));
        all.add(request.limit());
        String sql = "SELECT * FROM (SELECT " + COLUMNS + ", (" + score + ") AS hits FROM memories m "
                + "WHERE m.tenant = ? AND m.deleted_at IS NULL"
                + (request.category().isPresent() ? " AND m.category = ?" : "")
                + ") WHERE hits > 0 ORDER BY hits DESC, updated_at DESC, id DESC LIMIT ?";
        try (Stream<DbRow> rows = db.execute().query(sql, all.toArray())) {
            return rows.map(r -> {
                Memory m = toMemory(r);
                double hits = Columns.doubleValue(r, "hits");
                return new SearchHit(m, Snippet.of(m.content(), keywords, Snippet.DEFAULT_WINDOW_WORDS),
                        hits / keywords.size());
            }).toList();
        }
    }

    private static boolean isFtsSyntaxError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String msg = String.valueOf(t.getMessage());
            if (msg.contains("fts5") || msg.contains("syntax error") || msg.contains("no such column")
                    || msg.contains("unterminated string")) {
                return true;
            }
        }
        return false;
    }

    private static Object[] insertParams(NewMemory m, Instant at) {
        String ts = Timestamps.format(at);
        return new Object[] {m.tenant().value(), m.category().value(), m.content(),
                m.metadata().isEmpty() ? null : m.metadata().json(), m.source().wireName(), ts, ts};
    }

    private static Memory stored(long id, NewMemory m, Instant at) {
        return new Memory(MemoryId.of(id), m.tenant(), m.category(), m.content(), m.metadata(), m.source(), at, at,
                Optional.empty());
    }

    static Memory toMemory(DbRow r) {
        return new Memory(
                MemoryId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                Category.resolve(Columns.string(r, "category")),
                Columns.string(r, "content"),
                Columns.optionalString(r, "metadata").map(Metadata::new).orElse(Metadata.EMPTY),
                Source.parse(Columns.string(r, "source")),
                Timestamps.parse(Columns.string(r, "created_at")),
                Timestamps.parse(Columns.string(r, "updated_at")),
                Columns.optionalString(r, "deleted_at").map(Timestamps::parse));
    }

    private static RuntimeException storageFailure(String what, RuntimeException e) {
        if (e instanceof dev.strata.domain.error.DomainException) {
            return e;
        }
        return new UnavailableException("could not " + what + ": " + e.getMessage(), e);
    }
}
