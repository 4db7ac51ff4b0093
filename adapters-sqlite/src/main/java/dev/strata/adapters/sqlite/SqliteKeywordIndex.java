package dev.strata.adapters.sqlite;

import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.KeywordIndex;
import dev.strata.domain.retrieval.PassageArm;
import io.helidon.dbclient.DbClientException;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The FTS5 index behind the keyword arm, asked about given rows and terms: with the same tokenizer
 * (porter, unicode61 without diacritics) that ranked the keyword arm, so that a query's constraints
 * and rare terms mean the same thing to every arm. Plain JDBC on the pool (hot search path).
 */
public final class SqliteKeywordIndex implements KeywordIndex {

    /**
     * How long a term found in more rows than a rare term may have is taken as common without asking the
     * index again. Rows are only ever added, except by a purge, so a common term stays common; after a purge
     * a term may have become rare, and for at most this long its rows miss the rare-term lift (ranking only:
     * which rows are found never depends on it).
     */
    static final Duration COMMON_TERM_MEMORY = Duration.ofMinutes(1);
    /** Common terms remembered at most; past it the memory starts again (a bound, not a cache policy). */
    static final int COMMON_TERMS_KEPT = 10_000;

    private final SqliteDatabase database;
    private final LongSupplier nanoTime;
    /**
     * Terms seen common: almost every query word is, and asking FTS5 again for each on every search was
     * most of what rare-term look-ups cost (issue 12's budget for the ranker is 0.3 ms at 100k memories).
     */
    private final Map<String, CommonTerm> common = new ConcurrentHashMap<>();
    /** Per passage-column set and term: how BM25 weighed it when its passages were last counted. */
    private final Map<String, PassageTerm> passageTerms = new ConcurrentHashMap<>();
    private final TenantShares shares = new TenantShares(TenantShares.PASSAGE_ARM);

    public SqliteKeywordIndex(SqliteDatabase database) {
        this(database, System::nanoTime);
    }

    /** @param nanoTime a monotonic clock in nanoseconds (tests move it past {@link #COMMON_TERM_MEMORY}) */
    SqliteKeywordIndex(SqliteDatabase database, LongSupplier nanoTime) {
        this.database = Objects.requireNonNull(database, "database");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /** A term the whole index held in at least {@code rows} rows when it was looked up at {@code seenNanos}. */
    private record CommonTerm(int rows, long seenNanos) {
    }

    /** A term's passages as counted at {@code seenNanos}. */
    private record PassageTerm(Weight weight, long seenNanos) {
    }

    /** A term in no passage, in fewer than half of them (BM25 weighs it), or in half or more (it does not). */
    private enum Weight { ABSENT, WEIGHED, COMMON }

    @Override
    public Set<MemoryId> matching(Tenant tenant, String expression, Collection<MemoryId> among) {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(expression, "expression");
        if (among.isEmpty()) {
            return Set.of();
        }
        List<Object> params = new ArrayList<>(among.size() + 2);
        params.add(expression);
        params.add(tenant.value());
        among.forEach(id -> params.add(id.value()));
        // The ids restrict the rows FTS5 tests: it looks each one up instead of walking the doclists.
        String sql = "SELECT f.rowid AS id FROM memories_fts f JOIN memories m ON m.id = f.rowid "
                + "WHERE memories_fts MATCH ? AND m.tenant = ? AND m.deleted_at IS NULL AND f.rowid IN ("
                + placeholders(among.size()) + ")";
        Set<MemoryId> found = new HashSet<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach(sql, params, r -> found.add(MemoryId.of(r.getLong("id"))));
        } catch (DbClientException e) {
            throw failure("match the query's constraints", e);
        }
        return found;
    }

    /** The largest rowid: O(1), and never below the row count. */
    @Override
    public long size() {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.optionalLong("SELECT COALESCE(MAX(id), 0) AS n FROM memories", List.of()).orElse(0L);
        } catch (DbClientException e) {
            throw failure("count the index", e);
        }
    }

    @Override
    public Map<String, Set<MemoryId>> rareTerms(Tenant tenant, List<String> terms, int atMost) {
        Objects.requireNonNull(tenant, "tenant");
        if (atMost < 1) {
            throw new IllegalArgumentException("atMost must be at least 1: " + atMost);
        }
        // Over the whole index, stopping after atMost + 1 rows: bounded whatever the term.
        String sql = "SELECT r.id, (m.tenant = ? AND m.deleted_at IS NULL) AS mine FROM (SELECT rowid AS id "
                + "FROM memories_fts WHERE memories_fts MATCH ? LIMIT " + (atMost + 1) + ") r "
                + "JOIN memories m ON m.id = r.id";
        Map<String, Set<MemoryId>> rare = new LinkedHashMap<>();
        List<String> unknown = terms.stream().filter(term -> !knownCommon(term, atMost)).toList();
        if (unknown.isEmpty()) {
            return rare;
        }
        try (JdbcReads reads = new JdbcReads(database)) {
            for (String term : unknown) {
                Set<MemoryId> mine = new HashSet<>();
                int[] rows = {0};
                reads.forEach(sql, List.of(tenant.value(), '"' + term.replace("\"", "\"\"") + '"'), r -> {
                    rows[0]++;
                    if (r.getLong("mine") == 1) {
                        mine.add(MemoryId.of(r.getLong("id")));
                    }
                });
                if (rows[0] <= atMost) {
                    rare.put(term, Set.copyOf(mine));
                } else {
                    rememberCommon(term, rows[0]);
                }
            }
        } catch (DbClientException e) {
            throw failure("count the query terms' rows", e);
        }
        return rare;
    }

    private boolean knownCommon(String term, int atMost) {
        CommonTerm seen = common.get(term);
        return seen != null && seen.rows() > atMost
                && nanoTime.getAsLong() - seen.seenNanos() < COMMON_TERM_MEMORY.toNanos();
    }

    private void rememberCommon(String term, int rows) {
        if (common.size() >= COMMON_TERMS_KEPT) {
            common.clear();
        }
        common.put(term, new CommonTerm(rows, nanoTime.getAsLong()));
    }

    /**
     * Most matches the passage arm ranks: its tenant's newest this many (FTS5 walks the doclists newest
     * first). A conversation of a few thousand turns is ranked whole; a huge tenant by its recent past.
     */
    static final int PASSAGE_CANDIDATES = 2_000;

    @Override
    public List<MemoryId> passages(SearchRequest request, int depth, PassageArm columns) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(columns, "columns");
        Fts5Query query = Fts5Query.from(request.query());
        if (query.explicit() || query.terms().isEmpty() || depth < 1 || columns.isOff()) {
            return List.of();
        }
        List<String> searched = new ArrayList<>(3);
        if (columns.own() > 0) {
            searched.add("own");
        }
        if (columns.neighbours() > 0) {
            searched.add("neighbours");
        }
        if (columns.date() > 0) {
            searched.add("event_date");
        }
        String columnSet = "{" + String.join(" ", searched) + "} : ";
        String match = columnSet + "(" + Fts5Query.anyOf(weighed(columnSet, query.terms())) + ")";
        List<Object> params = new ArrayList<>();
        params.add(match);
        params.add(request.tenant().value());
        request.category().ifPresent(c -> params.add(c.value()));
        String sql = "SELECT id FROM (SELECT f.rowid AS id, bm25(memories_passage_fts, " + columns.own() + ", "
                + columns.neighbours() + ", " + columns.date() + ", 0) * (CASE WHEN "
                + TimeScopeSql.superseded("i", request.scope()) + " THEN " + SearchHit.SUPERSEDED_WEIGHT
                + " ELSE 1.0 END) AS rank FROM memories_passage_fts f JOIN memories i ON i.id = f.rowid "
                + "WHERE memories_passage_fts MATCH ? AND i.tenant = ?" + TimeScopeSql.visible("i", request.scope())
                + (request.category().isPresent() ? " AND i.category = ?" : "")
                + " ORDER BY f.rowid DESC LIMIT " + PASSAGE_CANDIDATES + ") ORDER BY rank, id LIMIT " + depth;
        List<MemoryId> ranked = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            if (shares.holdsFewRows(reads, request.tenant())) {
                // FTS5 walks the tenant's passages only, not every tenant's newest first (TenantShares).
                params.set(0, TenantTerm.scope(request.tenant(), match));
            }
            reads.forEach(sql, params, r -> ranked.add(MemoryId.of(r.getLong("id"))));
        } catch (DbClientException e) {
            throw failure("rank the passages", e);
        }
        return ranked;
    }

    /**
     * The query's terms that BM25 gives a weight to in the passage index. A term held by half the rows or more
     * has an IDF of zero or below, which FTS5 clamps to next to nothing: it adds nothing to a passage's rank
     * (FTS5 has no cheap way to say how many passages hold a term, so they are counted here, against the
     * largest id as the number of rows). OR-ed in, it only
     * fills the newest {@link #PASSAGE_CANDIDATES} matches with rows that hold nothing else of the query, and
     * pushes older rows holding the words that do count out of them (and it makes FTS5 score those rows:
     * "user" in a bench corpus where four rows in five say it doubled the passage arm's time). Such terms are
     * left out when another term of the query is weighed; otherwise all of them stay, and the arm answers what
     * it did. A term in no passage yet stays in (a memory written a moment later must be found by it).
     */
    private List<String> weighed(String columnSet, List<String> terms) {
        if (terms.size() < 2) {
            return terms;
        }
        List<Weight> weights = new ArrayList<>(terms.size());
        terms.forEach(term -> weights.add(remembered(columnSet + term).orElse(null)));
        if (weights.contains(null)) {
            // Only a term not counted within the minute costs a read (and a pooled connection).
            long rows = size();
            try (JdbcReads reads = new JdbcReads(database)) {
                for (int i = 0; i < terms.size(); i++) {
                    if (weights.get(i) == null) {
                        weights.set(i, count(reads, columnSet, terms.get(i), rows));
                    }
                }
            } catch (DbClientException e) {
                throw failure("count the passages of the query terms", e);
            }
        }
        if (!weights.contains(Weight.WEIGHED)) {
            return terms;
        }
        List<String> kept = new ArrayList<>(terms.size());
        for (int i = 0; i < terms.size(); i++) {
            if (weights.get(i) != Weight.COMMON) {
                kept.add(terms.get(i));
            }
        }
        return kept;
    }

    private Optional<Weight> remembered(String key) {
        PassageTerm seen = passageTerms.get(key);
        return seen != null && nanoTime.getAsLong() - seen.seenNanos() < COMMON_TERM_MEMORY.toNanos()
                ? Optional.of(seen.weight()) : Optional.empty();
    }

    /** Counts at most half the rows (once a minute per term): bounded however common the term is. */
    private Weight count(JdbcReads reads, String columnSet, String term, long rows) {
        String key = columnSet + term;
        long now = nanoTime.getAsLong();
        long half = Math.max(1, (rows + 1) / 2);
        long counted = reads.optionalLong("SELECT count(*) AS n FROM (SELECT rowid FROM memories_passage_fts "
                + "WHERE memories_passage_fts MATCH ? LIMIT " + half + ")",
                List.of(columnSet + '"' + term.replace("\"", "\"\"") + '"')).orElse(0L);
        Weight weight = counted == 0 ? Weight.ABSENT : counted >= half ? Weight.COMMON : Weight.WEIGHED;
        if (passageTerms.size() >= COMMON_TERMS_KEPT) {
            passageTerms.clear();
        }
        passageTerms.put(key, new PassageTerm(weight, now));
        return weight;
    }

    private static RuntimeException failure(String what, DbClientException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            // SQLITE_ERROR on a MATCH is FTS5 rejecting the expression, not the storage failing.
            if (t instanceof SQLiteException s && s.getResultCode() == SQLiteErrorCode.SQLITE_ERROR) {
                return new InvalidInputException("query", "FTS5 cannot parse it: " + s.getMessage());
            }
            if (t instanceof DomainException d) {
                return d;
            }
        }
        return SqliteFailures.unavailable("could not " + what + ": " + e.getMessage(), e);
    }

    private static String placeholders(int n) {
        return Stream.generate(() -> "?").limit(n).collect(Collectors.joining(", "));
    }
}
