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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    // Nullable columns are coalesced: Helidon's column values cannot carry SQL NULL (see Columns).
    static final String COLUMNS = "m.id, m.tenant, m.category, m.content, COALESCE(m.metadata, '') AS metadata, "
            + "m.source, m.created_at, m.updated_at, COALESCE(m.deleted_at, '') AS deleted_at, "
            + "COALESCE(m.key, '') AS key, COALESCE(m.supersedes_id, 0) AS supersedes_id, "
            + "COALESCE(m.supersede_reason, '') AS supersede_reason, COALESCE(m.superseded_at, '') AS superseded_at";
    private static final String ACTIVE = "m.deleted_at IS NULL AND m.superseded_at IS NULL";
    private static final String INSERT = "INSERT INTO memories(tenant, category, content, metadata, source, "
            + "created_at, updated_at, key, supersedes_id, supersede_reason, injection_flags) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** How many matches BM25 ranks at most before the candidates are bounded (see ftsSearch). */
    public static final int DEFAULT_KEYWORD_CANDIDATES = 500;
    /** {@code keywordCandidates} that ranks every match, however many. */
    public static final int UNBOUNDED = 0;

    private final SqliteDatabase database;
    private final DbClient db;
    private final EdgeExtractor edges;
    private final int keywordCandidates;
    private final DocumentFrequencies frequencies;

    /**
     * @param edges             derives each memory's typed edges, written in the row's transaction
     * @param keywordCandidates the most matches BM25 ranks per candidate set, or {@link #UNBOUNDED}
     */
    public SqliteMemoryStore(SqliteDatabase database, EdgeExtractor edges, int keywordCandidates) {
        if (keywordCandidates < 0) {
            throw new IllegalArgumentException("keywordCandidates must be 0 (unbounded) or positive: "
                    + keywordCandidates);
        }
        this.database = database;
        this.db = database.dbClient();
        this.edges = Objects.requireNonNull(edges, "edges");
        this.keywordCandidates = keywordCandidates;
        this.frequencies = new DocumentFrequencies();
    }

    public SqliteMemoryStore(SqliteDatabase database, EdgeExtractor edges) {
        this(database, edges, DEFAULT_KEYWORD_CANDIDATES);
    }

    /** With the standard extractor: every memory store writes edges, there is no store without them. */
    public SqliteMemoryStore(SqliteDatabase database, int keywordCandidates) {
        this(database, new EdgeExtractor(new FinanceEntityExtractor()), keywordCandidates);
    }

    public SqliteMemoryStore(SqliteDatabase database) {
        this(database, DEFAULT_KEYWORD_CANDIDATES);
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
            Transactions.rollbackAfter(tx, e);
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
                 PreparedStatement insertEdge = c.prepareStatement(MemoryEdgeRows.INSERT_FOR_NEW_ROWS)) {
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
                    batched += MemoryEdgeRows.addNewRowBatch(insertEdge, memories.get(i).tenant(), first + i,
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
            Transactions.rollbackAfter(tx, e);
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
        // Plain JDBC: hybrid search loads the vector arm's and the neighbours' rows here on every query.
        List<Memory> memories = new ArrayList<>(ids.size());
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM memories m WHERE m.tenant = ? AND m.deleted_at IS NULL "
                    + "AND m.id IN (" + placeholders(ids.size()) + ")", params, r -> memories.add(JdbcReads.memory(r)));
        } catch (DbClientException e) {
            throw storageFailure("read the memories", e);
        }
        return memories;
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
        // Plain JDBC: the snapshot lists up to a hundred rows per render, and DbClient's per-row
        // mapping cost more than the query (see JdbcReads).
        List<Memory> memories = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, r -> memories.add(JdbcReads.memory(r)));
        } catch (DbClientException e) {
            throw storageFailure("list memories", e);
        }
        return memories;
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
            Transactions.rollbackAfter(tx, e);
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
            return ftsSearch(request, query);
        } catch (DbClientException e) {
            if (!isFtsSyntaxError(e) && !(query.explicit() && isPlainSqlError(e))) {
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

    /**
     * BM25 over FTS5 has two costs that grow with the table: it counts the rows of every term it
     * ranks by (for the IDF), and it scores every matching row, about a microsecond and a half each.
     * While the index holds no more rows than {@link #keywordCandidates}, every match is ranked.
     * Beyond it, a natural-language query is ranked as its {@link RankingPlan} says: common terms
     * left out (BM25 gives them no weight); the candidates are the rows holding every ranked term
     * (the newest {@code keywordCandidates} of them), every row holding a rare term, and, only when
     * those are fewer than asked, the newest matches of any term. An explicit query is ranked over its
     * newest {@code keywordCandidates} matches. FTS5 sums one BM25 contribution per phrase with IDFs
     * over the whole table, so a row holding every term scores alike under the AND and the OR of the
     * terms; rare-term rows are scored by the rare terms alone (a lower bound). The candidate sets
     * merge on a row's best score.
     */
    private List<SearchHit> ftsSearch(SearchRequest request, Fts5Query query) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return ftsSearch(reads, request, query);
        }
    }

    private List<SearchHit> ftsSearch(JdbcReads reads, SearchRequest request, Fts5Query query) {
        int bound = Math.max(keywordCandidates, request.limit() * OVERFETCH);
        Map<Long, SearchHit> found = new HashMap<>();
        if (keywordCandidates == UNBOUNDED || maxRowid(reads) <= bound) {
            everyMatchRanked(reads, request, query.match(), found);
        } else if (query.explicit()) {
            newestRanked(reads, request, query.match(), bound, found);
        } else {
            long maxRowid = maxRowid(reads);
            RankingPlan.of(query.terms(), bound, frequencies.rows(reads, maxRowid), maxRowid,
                    (term, rareBound, atMaxRowid) -> frequencies.of(reads, term, rareBound, atMaxRowid))
                    .ifPresent(plan -> rankPlan(reads, request, query, plan, bound, found));
        }
        // Snippets only for the hits that are returned: the rankings may hold several times as many.
        return found.values().stream()
                .sorted(Comparator.comparingDouble(SearchHit::score).reversed()
                        .thenComparing(h -> h.memory().id().value()))
                .limit(request.limit())
                .map(h -> new SearchHit(h.memory(), Snippet.of(h.memory().content(), query.terms(),
                        Snippet.DEFAULT_WINDOW_WORDS), h.score()))
                .toList();
    }

    private void rankPlan(JdbcReads reads, SearchRequest request, Fts5Query query, RankingPlan plan, int bound,
                          Map<Long, SearchHit> found) {
        String ranked = Fts5Query.anyOf(plan.ranked());
        if (!plan.bounded()) {
            everyMatchRanked(reads, request, ranked, found);
        } else {
            if (plan.ranked().size() > 1) {
                String everyTerm = Fts5Query.allOf(plan.ranked());
                if (plan.rare().isEmpty()) {
                    newestRanked(reads, request, everyTerm, bound, found);
                } else {
                    // No more rows hold every term than hold the rare one: all of them are ranked, not only the newest.
                    tenantRanked(reads, request, everyTerm, found);
                }
            }
            if (!plan.rare().isEmpty()) {
                // Ranked by the rare terms alone: counting the frequent ones' rows again costs milliseconds.
                tenantRanked(reads, request, Fts5Query.anyOf(plan.rare()), found);
            }
            if (activeCount(found) < request.limit()) {
                newestRanked(reads, request, ranked, bound, found);
            }
        }
        if (plan.droppedCommonTerms() && activeCount(found) < request.limit()) {
            // Rows holding only common terms match too; they rank below every row the plan found.
            newestRanked(reads, request, query.match(), bound, found);
        }
    }

    /**
     * Every match ranked, on the FTS index alone first: the best {@code limit * OVERFETCH} rows of
     * the whole index are taken, and only those are checked for tenant, deletion and category. When
     * at least {@code limit} of them are visible and active, the best {@code limit} visible rows are
     * exactly the tenant's best (any row outside the window ranks below every row inside it, and
     * superseded rows are only ever demoted); so they are when the window was not even full. That
     * makes the common case cost about as much as a bare MATCH. Otherwise the query runs again with
     * the filter inside the ranking, which is always exact.
     */
    private void everyMatchRanked(JdbcReads reads, SearchRequest request, String match, Map<Long, SearchHit> found) {
        int window = request.limit() * OVERFETCH;
        List<SearchHit> hits = new ArrayList<>();
        int seen = rankedHits(reads, request, "SELECT rowid AS id, rank FROM memories_fts WHERE memories_fts MATCH ? "
                + "ORDER BY rank LIMIT " + window, List.of(match), false, hits);
        if (hits.stream().filter(h -> h.memory().isActive()).count() < request.limit() && seen >= window) {
            tenantRanked(reads, request, match, found);
        } else {
            hits.forEach(h -> merge(found, h));
        }
    }

    /**
     * The tenant's newest {@code n} matches ranked (all of them when there are no more), in one
     * statement: FTS5 walks the doclists newest first and scores only the rows the walk keeps, so the
     * doclists are read once rather than once to find a cutoff and again to rank above it.
     */
    private void newestRanked(JdbcReads reads, SearchRequest request, String match, int n, Map<Long, SearchHit> found) {
        List<Object> params = new ArrayList<>(List.of(match));
        String filter = tenantFilter(request, params);
        params.add(n);
        List<SearchHit> hits = new ArrayList<>();
        rankedHits(reads, request, "SELECT id, rank FROM (" + weightedRanking(filter)
                + " ORDER BY f.rowid DESC LIMIT ?) ORDER BY rank LIMIT " + request.limit(), params, true, hits);
        hits.forEach(h -> merge(found, h));
    }

    /**
     * Every tenant match ranked, with the filter inside the ranking: BM25 is computed only for rows
     * that pass it, so other tenants' rows cost a look-up, not a score.
     */
    private void tenantRanked(JdbcReads reads, SearchRequest request, String match, Map<Long, SearchHit> found) {
        List<Object> params = new ArrayList<>(List.of(match));
        String filter = tenantFilter(request, params);
        List<SearchHit> hits = new ArrayList<>();
        rankedHits(reads, request, weightedRanking(filter) + " ORDER BY 2 LIMIT " + request.limit(), params, true,
                hits);
        hits.forEach(h -> merge(found, h));
    }

    /** The tenant's matches with their BM25 rank, superseded rows demoted; the MATCH parameter comes first. */
    private static String weightedRanking(String tenantFilter) {
        return "SELECT f.rowid AS id, f.rank * (CASE WHEN i.superseded_at IS NULL THEN 1.0 ELSE "
                + SearchHit.SUPERSEDED_WEIGHT + " END) AS rank FROM memories_fts f JOIN memories i ON i.id = f.rowid "
                + "WHERE memories_fts MATCH ?" + tenantFilter;
    }

    private static String tenantFilter(SearchRequest request, List<Object> params) {
        params.add(request.tenant().value());
        request.category().ifPresent(c -> params.add(c.value()));
        return " AND i.tenant = ? AND i.deleted_at IS NULL" + (request.category().isPresent() ? " AND i.category = ?" : "");
    }

    /** A row found by several candidate sets keeps its best score. */
    private static void merge(Map<Long, SearchHit> found, SearchHit hit) {
        found.merge(hit.memory().id().value(), hit, (a, b) -> a.score() >= b.score() ? a : b);
    }

    private static long activeCount(Map<Long, SearchHit> found) {
        return found.values().stream().filter(h -> h.memory().isActive()).count();
    }

    /** The index's largest rowid, read in O(1): an upper bound on its row count, and the clock of cached counts. */
    private static long maxRowid(JdbcReads reads) {
        return reads.optionalLong("SELECT COALESCE(MAX(id), 0) AS n FROM memories", List.of()).orElse(0L);
    }

    /**
     * Runs a ranking subquery, adds the visible rows to {@code hits}, returns how many rows it ranked.
     *
     * @param weighted whether the ranking already demoted superseded rows
     */
    private static int rankedHits(JdbcReads reads, SearchRequest request, String ranking, List<Object> rankParams,
                                  boolean weighted, List<SearchHit> hits) {
        String sql = "SELECT " + COLUMNS + ", t.rank, (m.tenant = ? AND m.deleted_at IS NULL"
                + (request.category().isPresent() ? " AND m.category = ?" : "") + ") AS visible FROM ("
                + ranking + ") t JOIN memories m ON m.id = t.id";
        List<Object> params = new ArrayList<>();
        params.add(request.tenant().value());
        request.category().ifPresent(c -> params.add(c.value()));
        params.addAll(rankParams);
        int[] seen = {0};
        reads.forEach(sql, params, r -> {
            seen[0]++;
            if (r.getLong("visible") == 1) {
                Memory m = JdbcReads.memory(r);
                double score = -r.getDouble("rank");
                if (m.isSuperseded() && !weighted) {
                    score *= SearchHit.SUPERSEDED_WEIGHT;
                }
                hits.add(new SearchHit(m, "", score));
            }
        });
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
