package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Snippet;
import io.helidon.dbclient.DbClientException;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Keyword search over {@code memories_fts} (kept by triggers): BM25 ranking, bounded by
 * {@link RankingPlan}s on a large index, and spec 01's LIKE fallback for a query FTS5 cannot parse.
 */
final class KeywordSearch {

    private static final System.Logger LOG = System.getLogger(KeywordSearch.class.getName());

    private static final int UNBOUNDED = SqliteMemoryStore.UNBOUNDED;

    /** How many index rows per requested hit the fast path ranks before filtering by tenant. */
    static final int OVERFETCH = 4;

    private final SqliteDatabase database;
    private final int keywordCandidates;
    private final DocumentFrequencies frequencies = new DocumentFrequencies();
    private final TenantShares shares = new TenantShares(TenantShares.KEYWORD_ARM);

    /** @param keywordCandidates the most matches BM25 ranks per candidate set, or {@link SqliteMemoryStore#UNBOUNDED} */
    KeywordSearch(SqliteDatabase database, int keywordCandidates) {
        if (keywordCandidates < 0) {
            throw new IllegalArgumentException("keywordCandidates must be 0 (unbounded) or positive: "
                    + keywordCandidates);
        }
        this.database = database;
        this.keywordCandidates = keywordCandidates;
    }

    List<SearchHit> search(SearchRequest request) {
        Fts5Query query = Fts5Query.from(request.query());
        try {
            return ftsSearch(request, query);
        } catch (DbClientException e) {
            if (!isFtsSyntaxError(e) && !(query.explicit() && isPlainSqlError(e))) {
                throw SqliteFailures.unavailable("could not search: " + e.getMessage(), e);
            }
            LOG.log(System.Logger.Level.DEBUG, "FTS5 rejected {0}; falling back to LIKE", query.match());
            return likeSearch(request);
        }
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
        long maxRowid = maxRowid(reads);
        long rows = frequencies.rows(reads, maxRowid);
        // The tenant term pays only when the tenant is a small part of the index (TenantShares).
        UnaryOperator<String> scope = shares.holdsFewRows(reads, request.tenant(), rows)
                ? match -> TenantTerm.scope(request.tenant(), match) : UnaryOperator.identity();
        if (keywordCandidates == UNBOUNDED || maxRowid <= bound) {
            everyMatchRanked(reads, request, scope.apply(query.match()), found);
        } else if (query.explicit()) {
            newestRanked(reads, request, scope.apply(query.match()), bound, found);
        } else {
            RankingPlan.of(query.terms(), bound, rows, maxRowid,
                    (term, rareBound, atMaxRowid) -> frequencies.of(reads, term, rareBound, atMaxRowid))
                    .ifPresent(plan -> rankPlan(reads, request, query, plan, bound, scope, found));
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
                          UnaryOperator<String> scope, Map<Long, SearchHit> found) {
        String ranked = scope.apply(Fts5Query.anyOf(plan.ranked()));
        if (!plan.bounded()) {
            everyMatchRanked(reads, request, ranked, found);
        } else {
            if (plan.ranked().size() > 1) {
                String everyTerm = scope.apply(Fts5Query.allOf(plan.ranked()));
                if (plan.rare().isEmpty()) {
                    newestRanked(reads, request, everyTerm, bound, found);
                } else {
                    // No more rows hold every term than hold the rare one: all of them are ranked, not only the newest.
                    tenantRanked(reads, request, everyTerm, found);
                }
            }
            if (!plan.rare().isEmpty()) {
                // Ranked by the rare terms alone: counting the frequent ones' rows again costs milliseconds.
                tenantRanked(reads, request, scope.apply(Fts5Query.anyOf(plan.rare())), found);
            }
            if (activeCount(found) < request.limit()) {
                newestRanked(reads, request, ranked, bound, found);
            }
        }
        if (plan.droppedCommonTerms() && activeCount(found) < request.limit()) {
            // Rows holding only common terms match too; they rank below every row the plan found.
            newestRanked(reads, request, scope.apply(query.match()), bound, found);
        }
    }

    /**
     * Every match ranked, on the FTS index alone first: the best {@code limit * OVERFETCH} rows of the
     * index are taken (of the tenant's rows when its {@link TenantTerm} is in the MATCH), and only
     * those are checked for tenant, deletion and category. When
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
        rankedHits(reads, request, "SELECT id, rank FROM (" + weightedRanking(request, filter)
                + " ORDER BY f.rowid DESC LIMIT ?) ORDER BY rank LIMIT " + request.limit(), params, true, hits);
        hits.forEach(h -> merge(found, h));
    }

    /**
     * Every tenant match ranked, with the filter inside the ranking: BM25 is computed only for rows
     * that pass it, so other tenants' rows cost a look-up, not a score (and when the tenant holds
     * few of the index's rows, not even that: its {@link TenantTerm} in the MATCH keeps FTS5 to them).
     */
    private void tenantRanked(JdbcReads reads, SearchRequest request, String match, Map<Long, SearchHit> found) {
        List<Object> params = new ArrayList<>(List.of(match));
        String filter = tenantFilter(request, params);
        List<SearchHit> hits = new ArrayList<>();
        rankedHits(reads, request, weightedRanking(request, filter) + " ORDER BY 2 LIMIT " + request.limit(), params, true,
                hits);
        hits.forEach(h -> merge(found, h));
    }

    /** The tenant's matches with their BM25 rank, superseded rows demoted; the MATCH parameter comes first. */
    private static String weightedRanking(SearchRequest request, String tenantFilter) {
        return "SELECT f.rowid AS id, f.rank * (CASE WHEN " + TimeScopeSql.superseded("i", request.scope())
                + " THEN " + SearchHit.SUPERSEDED_WEIGHT + " ELSE 1.0 END) AS rank FROM memories_fts f "
                + "JOIN memories i ON i.id = f.rowid WHERE memories_fts MATCH ?" + tenantFilter;
    }

    private static String tenantFilter(SearchRequest request, List<Object> params) {
        params.add(request.tenant().value());
        request.category().ifPresent(c -> params.add(c.value()));
        return " AND i.tenant = ?" + TimeScopeSql.visible("i", request.scope())
                + (request.category().isPresent() ? " AND i.category = ?" : "");
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
        String sql = "SELECT " + MemoryRows.COLUMNS + ", t.rank, (m.tenant = ?" + TimeScopeSql.visible("m",
                request.scope()) + (request.category().isPresent() ? " AND m.category = ?" : "") + ") AS visible FROM ("
                + ranking + ") t JOIN memories m ON m.id = t.id";
        List<Object> params = new ArrayList<>();
        params.add(request.tenant().value());
        request.category().ifPresent(c -> params.add(c.value()));
        params.addAll(rankParams);
        int[] seen = {0};
        reads.forEach(sql, params, r -> {
            seen[0]++;
            Optional<Memory> shown = r.getLong("visible") == 1 ? request.scope().view(MemoryRows.read(r))
                    : Optional.empty();
            if (shown.isPresent()) {
                Memory m = shown.get();
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
        String sql = "SELECT * FROM (SELECT " + MemoryRows.COLUMNS + ", (" + String.join(" + ", matches) + ") AS hits "
                + "FROM memories m WHERE m.tenant = ?" + TimeScopeSql.visible("m", request.scope())
                + (request.category().isPresent() ? " AND m.category = ?" : "")
                + ") WHERE hits > 0 ORDER BY hits * (CASE WHEN superseded_at = '' THEN 1.0 ELSE "
                + SearchHit.SUPERSEDED_WEIGHT + " END) DESC, updated_at DESC, id DESC LIMIT ?";
        List<SearchHit> hits = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, all, r -> {
                Optional<Memory> seen = request.scope().view(MemoryRows.read(r));
                if (seen.isEmpty()) {
                    return;
                }
                Memory m = seen.get();
                double score = r.getDouble("hits") / keywords.size();
                hits.add(new SearchHit(m, Snippet.of(m.content(), keywords, Snippet.DEFAULT_WINDOW_WORDS),
                        m.isSuperseded() ? score * SearchHit.SUPERSEDED_WEIGHT : score));
            });
        }
        return hits;
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
}
