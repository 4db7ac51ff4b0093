package dev.strata.adapters.sqlite;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many rows of the FTS index hold a term, for deciding how a query is ranked. Counting walks
 * the term's doclist, a few hundredths of a microsecond per row: nothing for a rare term, but
 * milliseconds for a word half of 100k rows hold, asked again by every query that uses it. So
 * counts above the rare bound are remembered, and counted again once the table has grown by a
 * twentieth since (a stale count only shifts which terms are called frequent, never a result's
 * visibility). Counts are over the whole index, every tenant, exactly as FTS5's BM25 takes them.
 */
final class DocumentFrequencies {

    /** Past this many remembered terms the memory is dropped whole; the next queries count again. */
    static final int MAX_REMEMBERED = 10_000;
    private static final long STALE_GROWTH_DIVISOR = 20;

    private record Count(long rows, long atMaxId) {
    }

    private static final String ROWS = "";

    private final Map<String, Count> remembered = new ConcurrentHashMap<>();

    /**
     * The number of rows holding {@code term}; exact up to {@code rareBound}, above it exact as of
     * a recent count.
     *
     * @param maxId the index's current largest rowid, the clock of staleness
     */
    long of(JdbcReads reads, String term, int rareBound, long maxId) {
        String phrase = Fts5Query.anyOf(List.of(term));
        long capped = count(reads, "SELECT COUNT(*) AS n FROM (SELECT 1 FROM memories_fts WHERE memories_fts MATCH ? "
                + "LIMIT " + (rareBound + 1) + ")", phrase);
        if (capped <= rareBound) {
            return capped;
        }
        Count known = remembered.get(term);
        if (known != null && maxId - known.atMaxId() <= maxId / STALE_GROWTH_DIVISOR) {
            return known.rows();
        }
        long rows = count(reads, "SELECT COUNT(*) AS n FROM memories_fts WHERE memories_fts MATCH ?", phrase);
        if (remembered.size() >= MAX_REMEMBERED) {
            remembered.clear();
        }
        remembered.put(term, new Count(rows, maxId));
        return rows;
    }

    /**
     * The number of rows in the index, which BM25's IDF divides by: every memory row, soft-deleted
     * ones included, since the index keeps them until they are purged. Remembered like a large count.
     */
    long rows(JdbcReads reads, long maxId) {
        Count known = remembered.get(ROWS);
        if (known != null && maxId - known.atMaxId() <= maxId / STALE_GROWTH_DIVISOR) {
            return known.rows();
        }
        long rows = reads.optionalLong("SELECT COUNT(*) AS n FROM memories", List.of()).orElse(0L);
        remembered.put(ROWS, new Count(rows, maxId));
        return rows;
    }

    private static long count(JdbcReads reads, String sql, String phrase) {
        return reads.optionalLong(sql, List.of(phrase)).orElse(0L);
    }
}
