package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.entity.EdgeExtractor;
import dev.strata.domain.entity.FinanceEntityExtractor;
import dev.strata.domain.entity.MemoryEdge;
import dev.strata.domain.entity.SystemMetadata;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.CategoryFilter;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SaveOutcome;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Snippet;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Supersession;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.safety.InjectionFlags;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbClientException;
import io.helidon.dbclient.DbExecute;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@link MemoryStore} on the SQLite file: the {@code memories} table, its FTS5 index (kept by
 * triggers) and its typed edges in {@code memory_edges}, written in the same transaction as the row
 * and replaced when the content changes (spec 01, "Typed memory edges").
 */
public final class SqliteMemoryStore implements MemoryStore {

    private static final System.Logger LOG = System.getLogger(SqliteMemoryStore.class.getName());

    /** How many index rows per requested hit the fast path ranks before filtering by tenant. */
    static final int OVERFETCH = 4;
    /** A term in more than this share of all rows is "common" (see withoutCommonTerms). */
    static final double COMMON_TERM_SHARE = 0.5;
    /** Below this many rows every query is cheap; pruning only starts to pay on larger tables. */
    static final long MIN_ROWS_FOR_PRUNING = 2_000;

    // Nullable columns are coalesced: Helidon's column values cannot carry SQL NULL (see Columns).
    static final String COLUMNS = "m.id, m.tenant, m.category, m.content, COALESCE(m.metadata, '') AS metadata, "
            + "m.source, m.created_at, m.updated_at, COALESCE(m.deleted_at, '') AS deleted_at, "
            + "COALESCE(m.key, '') AS key, COALESCE(m.supersedes_id, 0) AS supersedes_id, "
            + "COALESCE(m.supersede_reason, '') AS supersede_reason, COALESCE(m.superseded_at, '') AS superseded_at";
    private static final String ACTIVE = "m.deleted_at IS NULL AND m.superseded_at IS NULL";
    private static final String INSERT = "INSERT INTO memories(tenant, category, content, metadata, source, "
            + "created_at, updated_at, key, supersedes_id, supersede_reason, injection_flags) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final SqliteDatabase database;
    private final DbClient db;
    private final EdgeExtractor edges;

    public SqliteMemoryStore(SqliteDatabase database, EdgeExtractor edges) {
        this.database = database;
        this.db = database.dbClient();
        this.edges = Objects.requireNonNull(edges, "edges");
    }

    /** With the standard extractor: every memory store writes edges, there is no store without them. */
    public SqliteMemoryStore(SqliteDatabase database) {
        this(database, new EdgeExtractor(new FinanceEntityExtractor()));
    }

    @Override
    public Memory insert(NewMemory memory, Instant now) {
        requireUnkeyed(memory);
        Instant at = Timestamps.truncate(now);
        // Extracted before BEGIN: regex work need not hold SQLite's write lock.
        List<MemoryEdge> memoryEdges = edgesOf(memory.content());
        DbTransaction tx = db.transaction();
        try {
            Memory stored = insert(tx, memory, memoryEdges, Optional.empty(), at);
            tx.commit();
            return stored;
        } catch (RuntimeException e) {
            tx.rollback();
            throw storageFailure("write the memory", e);
        }
    }

    private static Memory insert(DbExecute tx, NewMemory memory, List<MemoryEdge> memoryEdges,
                                 Optional<Supersession> supersedes, Instant at) {
        tx.insert(INSERT, insertParams(memory, supersedes, at));
        long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
        MemoryEdgeRows.insert(tx, memory.tenant(), id, memoryEdges, at);
        return stored(id, memory, supersedes, at);
    }

    /**
     * The content's edges. No write carries system metadata: the {@code metadata} of every write
     * path is caller-supplied (the agent tools forward the model's arguments), so reading a
     * {@code scenario_id} from it would let text attach a memory to a scenario.
     */
    private List<MemoryEdge> edgesOf(String content) {
        return edges.extract(content, SystemMetadata.none());
    }

    /**
     * Plain JDBC with one reused prepared statement executed as a JDBC batch: a thousand rows cost
     * one parse and one commit, which is what keeps batched writes close to raw insert speed. The
     * ids need no per-row round trip: the transaction holds SQLite's write lock from BEGIN
     * (IMMEDIATE mode), so AUTOINCREMENT hands out consecutive ids ending at last_insert_rowid().
     * The edges follow in a second reused statement, one batch for all rows, in the same transaction.
     */
    @Override
    public List<Memory> insertAll(List<NewMemory> memories, Instant now) {
        if (memories.isEmpty()) {
            return List.of();
        }
        memories.forEach(SqliteMemoryStore::requireUnkeyed);
        Instant at = Timestamps.truncate(now);
        List<List<MemoryEdge>> memoryEdges = memories.stream().map(m -> edgesOf(m.content())).toList();
        try (Connection c = database.connection()) {
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement(INSERT);
                 PreparedStatement lastId = c.prepareStatement("SELECT last_insert_rowid()");
                 PreparedStatement insertEdge = c.prepareStatement(MemoryEdgeRows.INSERT)) {
                for (NewMemory m : memories) {
                    Object[] params = insertParams(m, Optional.empty(), at);
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
                long first = last - memories.size() + 1;
                String ts = Timestamps.format(at);
                int batched = 0;
                for (int i = 0; i < memories.size(); i++) {
                    batched += MemoryEdgeRows.addBatch(insertEdge, memories.get(i).tenant(), first + i,
                            memoryEdges.get(i), ts);
                }
                if (batched > 0) {
                    insertEdge.executeBatch();
                }
                c.commit();
                List<Memory> stored = new ArrayList<>(memories.size());
                for (int i = 0; i < memories.size(); i++) {
                    stored.add(stored(first + i, memories.get(i), Optional.empty(), at));
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

    /**
     * The whole check-then-write runs in one immediate transaction, which holds SQLite's write
     * lock from BEGIN: no other writer, in this process or another, can slip an entry for the same
     * key in between. The partial unique index is the last line of defence.
     */
    @Override
    public SaveOutcome save(NewMemory memory, Optional<String> supersedeReason, Instant now) {
        MemoryKey key = memory.key().orElseThrow(() -> new IllegalArgumentException("save needs a keyed memory"));
        Instant at = Timestamps.truncate(now);
        List<MemoryEdge> memoryEdges = edgesOf(memory.content());
        DbTransaction tx = db.transaction();
        try {
            Optional<Memory> current = tx.get("SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? AND m.key = ? "
                    + "AND " + ACTIVE, memory.tenant().value(), key.value()).map(SqliteMemoryStore::toMemory);
            SaveOutcome outcome;
            if (current.isEmpty()) {
                outcome = new SaveOutcome.Inserted(insert(tx, memory, memoryEdges, Optional.empty(), at));
            } else if (supersedeReason.isEmpty()) {
                outcome = new SaveOutcome.Rejected(current.get());
            } else {
                Memory previous = current.get();
                tx.update("UPDATE memories SET superseded_at = ? WHERE id = ?", Timestamps.format(at),
                        previous.id().value());
                Memory next = insert(tx, memory, memoryEdges,
                        Optional.of(new Supersession(previous.id(), supersedeReason.get())), at);
                outcome = new SaveOutcome.Superseded(previous.withSupersededAt(at), next);
            }
            tx.commit();
            return outcome;
        } catch (RuntimeException e) {
            tx.rollback();
            if (isUniqueViolation(e)) {
                throw new ConflictException("key " + key + " got another active entry concurrently; retry the save");
            }
            throw storageFailure("save the memory", e);
        }
    }

    @Override
    public Optional<Memory> find(Tenant tenant, MemoryId id) {
        return db.execute().get("SELECT " + COLUMNS + " FROM memories m WHERE m.id = ? AND m.tenant = ? "
                + "AND m.deleted_at IS NULL", id.value(), tenant.value()).map(SqliteMemoryStore::toMemory);
    }

    @Override
    public List<Memory> findAll(Tenant tenant, List<MemoryId> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<Object> params = new ArrayList<>(ids.size() + 1);
        params.add(tenant.value());
        ids.forEach(id -> params.add(id.value()));
        try (Stream<DbRow> rows = db.execute().query("SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? "
                + "AND m.deleted_at IS NULL AND m.id IN (" + placeholders(ids.size()) + ")", params.toArray())) {
            return rows.map(SqliteMemoryStore::toMemory).toList();
        }
    }

    @Override
    public Optional<Memory> findActive(Tenant tenant, MemoryKey key) {
        return db.execute().get("SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? AND m.key = ? AND " + ACTIVE,
                tenant.value(), key.value()).map(SqliteMemoryStore::toMemory);
    }

    @Override
    public List<Memory> history(Tenant tenant, MemoryKey key, int limit) {
        try (Stream<DbRow> rows = db.execute().query("SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? "
                + "AND m.key = ? ORDER BY m.id DESC LIMIT ?", tenant.value(), key.value(), limit)) {
            return rows.map(SqliteMemoryStore::toMemory).toList();
        }
    }

    @Override
    public List<Memory> list(Tenant tenant, CategoryFilter filter, int limit) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        String sql = "SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? AND " + ACTIVE + categoryClause(filter,
                params) + " ORDER BY m.updated_at DESC, m.id DESC LIMIT ?";
        params.add(limit);
        try (Stream<DbRow> rows = db.execute().query(sql, params.toArray())) {
            return rows.map(SqliteMemoryStore::toMemory).toList();
        }
    }

    @Override
    public long countActive(Tenant tenant, CategoryFilter filter) {
        List<Object> params = new ArrayList<>(List.of(tenant.value()));
        String sql = "SELECT COUNT(*) AS n FROM memories m WHERE m.tenant = ? AND " + ACTIVE + categoryClause(filter,
                params);
        return db.execute().get(sql, params.toArray()).map(r -> Columns.longValue(r, "n")).orElse(0L);
    }

    @Override
    public Optional<Memory> update(Tenant tenant, MemoryId id, MemoryChange change, Instant now) {
        List<String> sets = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        change.content().ifPresent(c -> {
            sets.add("content = ?");
            params.add(c);
            sets.add("injection_flags = ?");
            params.add(injectionFlags(c));
        });
        change.metadata().ifPresent(m -> {
            sets.add("metadata = ?");
            params.add(m.isEmpty() ? null : m.json());
        });
        Instant at = Timestamps.truncate(now);
        sets.add("updated_at = ?");
        params.add(Timestamps.format(at));
        params.add(id.value());
        params.add(tenant.value());
        String sql = "UPDATE memories SET " + String.join(", ", sets)
                + " WHERE id = ? AND tenant = ? AND deleted_at IS NULL AND superseded_at IS NULL";
        if (change.content().isEmpty()) {
            long changed = db.execute().update(sql, params.toArray());
            return changed == 0 ? Optional.empty() : find(tenant, id);
        }
        List<MemoryEdge> memoryEdges = edgesOf(change.content().get());
        DbTransaction tx = db.transaction();
        long changed;
        try {
            changed = tx.update(sql, params.toArray());
            if (changed > 0) {
                MemoryEdgeRows.replace(tx, tenant, id.value(), memoryEdges, at);
            }
            tx.commit();
        } catch (RuntimeException e) {
            tx.rollback();
            throw storageFailure("update the memory", e);
        }
        return changed == 0 ? Optional.empty() : find(tenant, id);
    }

    @Override
    public boolean softDelete(Tenant tenant, MemoryId id, Instant now) {
        return db.execute().update("UPDATE memories SET deleted_at = ? WHERE id = ? AND tenant = ? "
                + "AND deleted_at IS NULL", Timestamps.format(Timestamps.truncate(now)), id.value(), tenant.value()) > 0;
    }

    @Override
    public Optional<Memory> restore(Tenant tenant, MemoryId id, Instant deletedSince) {
        try {
            db.execute().update("UPDATE memories SET deleted_at = NULL WHERE id = ? AND tenant = ? "
                    + "AND deleted_at IS NOT NULL AND deleted_at >= ?", id.value(), tenant.value(),
                    Timestamps.format(deletedSince));
        } catch (DbClientException e) {
            if (isUniqueViolation(e)) {
                throw new ConflictException("memory " + id + " cannot be restored: its key has another active entry; "
                        + "save with a supersede_reason instead");
            }
            throw storageFailure("restore the memory", e);
        }
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
            if (!query.explicit() && query.terms().size() > 1) {
                Optional<Fts5Query> focused = withoutCommonTerms(query);
                if (focused.isPresent()) {
                    List<SearchHit> hits = ftsSearch(request, focused.get());
                    if (hits.size() >= request.limit()) {
                        return hits;
                    }
                }
            }
            return ftsSearch(request, query);
        } catch (DbClientException e) {
            if (!isFtsSyntaxError(e) && !(query.explicit() && isPlainSqlError(e))) {
                throw storageFailure("search", e);
            }
            LOG.log(System.Logger.Level.DEBUG, "FTS5 rejected {0}; falling back to LIKE", query.match());
            return likeSearch(request);
        }
    }

    /**
     * The query without its common terms: those found in more than {@link #COMMON_TERM_SHARE} of all
     * rows. FTS5's BM25 gives such a term an IDF of nearly zero, so dropping it barely moves the
     * ranking, while OR-ing it in makes SQLite match and rank most of the table. Empty when no term is
     * common or every term is; the caller falls back to the full query whenever the focused one finds
     * fewer hits than asked for, so no result that only the common term would match is ever lost.
     * Terms are looked up as typed and with a light suffix stem, since the index holds Porter stems;
     * a term that is not found is kept.
     */
    private Optional<Fts5Query> withoutCommonTerms(Fts5Query query) {
        long rows = db.execute().get("SELECT COALESCE(MAX(id), 0) AS n FROM memories")
                .map(r -> Columns.longValue(r, "n")).orElse(0L);
        if (rows < MIN_ROWS_FOR_PRUNING) {
            return Optional.empty();
        }
        List<String> kept = new ArrayList<>();
        for (String term : query.terms()) {
            long df = db.execute().get("SELECT COALESCE(MAX(doc), 0) AS df FROM memories_fts_vocab WHERE term IN (?, ?)",
                    term, QueryText.stem(term)).map(r -> Columns.longValue(r, "df")).orElse(0L);
            if (df <= rows * COMMON_TERM_SHARE) {
                kept.add(term);
            }
        }
        if (kept.isEmpty() || kept.size() == query.terms().size()) {
            return Optional.empty();
        }
        return Optional.of(Fts5Query.from(String.join(" ", kept)));
    }

    /** The FTS5 MATCH expression this store runs for a query; the benchmark replays it on raw JDBC. */
    public static String ftsMatchExpression(String query) {
        return Fts5Query.from(query).match();
    }

    /**
     * Ranking runs on the FTS index alone: the best {@code limit * OVERFETCH} rows of the whole index
     * are taken, and only those are checked for tenant, deletion and category. When at least
     * {@code limit} of them are visible and active, the best {@code limit} visible rows are exactly
     * the tenant's best (any row outside the window ranks below every row inside it, and superseded
     * rows are only ever demoted); so they are when the window was not even full. That makes the
     * common case cost about as much as a bare MATCH. Otherwise the query runs again with the filter
     * inside the ranking, which is always exact.
     */
    private List<SearchHit> ftsSearch(SearchRequest request, Fts5Query query) {
        int window = request.limit() * OVERFETCH;
        List<SearchHit> hits = new ArrayList<>();
        int seen = rankedHits(request, query, "SELECT rowid AS id, rank FROM memories_fts WHERE memories_fts MATCH ? "
                + "ORDER BY rank LIMIT " + window, List.of(query.match()), false, hits);
        long active = hits.stream().filter(h -> h.memory().isActive()).count();
        if (active < request.limit() && seen >= window) {
            hits.clear();
            List<Object> params = new ArrayList<>(List.of(query.match(), request.tenant().value()));
            request.category().ifPresent(c -> params.add(c.value()));
            rankedHits(request, query, "SELECT f.rowid AS id, f.rank * (CASE WHEN i.superseded_at IS NULL THEN 1.0 "
                    + "ELSE " + SearchHit.SUPERSEDED_WEIGHT + " END) AS rank FROM memories_fts f "
                    + "JOIN memories i ON i.id = f.rowid WHERE memories_fts MATCH ? AND i.tenant = ? "
                    + "AND i.deleted_at IS NULL" + (request.category().isPresent() ? " AND i.category = ?" : "")
                    + " ORDER BY 2 LIMIT " + request.limit(), params, true, hits);
        }
        hits.sort(Comparator.comparingDouble(SearchHit::score).reversed()
                .thenComparing(h -> h.memory().id().value()));
        // Snippets only for the hits that are returned: the window may hold several times as many.
        return hits.stream().limit(request.limit())
                .map(h -> new SearchHit(h.memory(), Snippet.of(h.memory().content(), query.terms(),
                        Snippet.DEFAULT_WINDOW_WORDS), h.score()))
                .toList();
    }

    /**
     * Runs a ranking subquery, adds the visible rows to {@code hits}, returns how many rows it ranked.
     *
     * @param weighted whether the ranking already demoted superseded rows
     */
    private int rankedHits(SearchRequest request, Fts5Query query, String ranking, List<Object> rankParams,
                           boolean weighted, List<SearchHit> hits) {
        String sql = "SELECT " + COLUMNS + ", t.rank, (m.tenant = ? AND m.deleted_at IS NULL"
                + (request.category().isPresent() ? " AND m.category = ?" : "") + ") AS visible FROM ("
                + ranking + ") t JOIN memories m ON m.id = t.id";
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
                    double score = -Columns.doubleValue(r, "rank");
                    if (m.isSuperseded() && !weighted) {
                        score *= SearchHit.SUPERSEDED_WEIGHT;
                    }
                    hits.add(new SearchHit(m, "", score));
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
        List<Object> all = new ArrayList<>(params);
        all.add(request.tenant().value());
        request.category().ifPresent(c -> all.add(c.value()));
        all.add(request.limit());
        String sql = "SELECT * FROM (SELECT " + COLUMNS + ", (" + String.join(" + ", matches) + ") AS hits "
                + "FROM memories m WHERE m.tenant = ? AND m.deleted_at IS NULL"
                + (request.category().isPresent() ? " AND m.category = ?" : "")
                + ") WHERE hits > 0 ORDER BY hits * (CASE WHEN superseded_at = '' THEN 1.0 ELSE "
                + SearchHit.SUPERSEDED_WEIGHT + " END) DESC, updated_at DESC, id DESC LIMIT ?";
        try (Stream<DbRow> rows = db.execute().query(sql, all.toArray())) {
            return rows.map(r -> {
                Memory m = toMemory(r);
                double score = Columns.doubleValue(r, "hits") / keywords.size();
                return new SearchHit(m, Snippet.of(m.content(), keywords, Snippet.DEFAULT_WINDOW_WORDS),
                        m.isSuperseded() ? score * SearchHit.SUPERSEDED_WEIGHT : score);
            }).toList();
        }
    }

    private static String categoryClause(CategoryFilter filter, List<Object> params) {
        return switch (filter) {
            case CategoryFilter.Only only -> {
                only.categories().stream().map(Category::value).sorted().forEach(params::add);
                yield " AND m.category IN (" + placeholders(only.categories().size()) + ")";
            }
            case CategoryFilter.Excluding excluding when excluding.categories().isEmpty() -> "";
            case CategoryFilter.Excluding excluding -> {
                excluding.categories().stream().map(Category::value).sorted().forEach(params::add);
                yield " AND m.category NOT IN (" + placeholders(excluding.categories().size()) + ")";
            }
        };
    }

    private static String placeholders(int n) {
        return Stream.generate(() -> "?").limit(n).collect(Collectors.joining(", "));
    }

    private static boolean isFtsSyntaxError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String msg = String.valueOf(t.getMessage());
            // "unknown special query" is FTS5's answer to a query that starts with '*'
            if (msg.contains("fts5") || msg.contains("syntax error") || msg.contains("no such column")
                    || msg.contains("unterminated string") || msg.contains("unknown special query")
                    || msg.contains("malformed MATCH")) {
                return true;
            }
        }
        return false;
    }

    /**
     * SQLITE_ERROR, the generic "this statement is wrong" code. For a query the caller wrote in FTS5
     * syntax it means the caller's expression (FTS5 has many messages: "expected integer", "unknown
     * special query"...), never busy or I/O trouble, which have codes of their own.
     */
    private static boolean isPlainSqlError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException s && s.getResultCode() == SQLiteErrorCode.SQLITE_ERROR) {
                return true;
            }
        }
        return false;
    }

    private static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("UNIQUE constraint failed")) {
                return true;
            }
        }
        return false;
    }

    private static void requireUnkeyed(NewMemory m) {
        if (m.key().isPresent()) {
            throw new IllegalArgumentException("keyed memories go through save");
        }
    }

    private static Object[] insertParams(NewMemory m, Optional<Supersession> supersedes, Instant at) {
        String ts = Timestamps.format(at);
        return new Object[] {m.tenant().value(), m.category().value(), m.content(),
                m.metadata().isEmpty() ? null : m.metadata().json(), m.source().wireName(), ts, ts,
                m.key().map(MemoryKey::value).orElse(null),
                supersedes.map(s -> s.previous().value()).orElse(null),
                supersedes.map(Supersession::reason).orElse(null), injectionFlags(m.content())};
    }

    /**
     * The stored prompt-injection mark: the tripped rule ids, comma-separated, or NULL for clean
     * content, so SQL consumers such as the embedding worker can skip flagged rows.
     */
    static String injectionFlags(String content) {
        List<String> flags = InjectionFlags.of(content);
        return flags.isEmpty() ? null : String.join(",", flags);
    }

    private static Memory stored(long id, NewMemory m, Optional<Supersession> supersedes, Instant at) {
        return new Memory(MemoryId.of(id), m.tenant(), m.category(), m.content(), m.metadata(), m.source(), at, at,
                Optional.empty(), m.key(), supersedes, Optional.empty());
    }

    static Memory toMemory(DbRow r) {
        long supersedesId = Columns.longValue(r, "supersedes_id");
        Optional<Supersession> supersedes = supersedesId == 0 ? Optional.empty()
                : Optional.of(new Supersession(MemoryId.of(supersedesId),
                        Columns.optionalString(r, "supersede_reason").orElse(Supersession.MINOR_CORRECTION)));
        return new Memory(
                MemoryId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                Category.resolve(Columns.string(r, "category")),
                Columns.string(r, "content"),
                Columns.optionalString(r, "metadata").map(Metadata::new).orElse(Metadata.EMPTY),
                Source.parse(Columns.string(r, "source")),
                Timestamps.parse(Columns.string(r, "created_at")),
                Timestamps.parse(Columns.string(r, "updated_at")),
                Columns.optionalString(r, "deleted_at").map(Timestamps::parse),
                Columns.optionalString(r, "key").map(MemoryKey::new),
                supersedes,
                Columns.optionalString(r, "superseded_at").map(Timestamps::parse));
    }

    private static RuntimeException storageFailure(String what, RuntimeException e) {
        if (e instanceof DomainException) {
            return e;
        }
        return new UnavailableException("could not " + what + ": " + e.getMessage(), e);
    }
}
