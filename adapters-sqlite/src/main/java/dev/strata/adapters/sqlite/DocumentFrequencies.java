package dev.strata.adapters.sqlite;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
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
     * The number of rows in the index, which BM25's IDF divides by: every memory row, soft-deleted ones
     * included, since the index keeps them until they are purged. Read from FTS5's own record of it, the
     * total BM25 itself uses (the first varint of the {@code %_data} row with id 1, the index's "averages"
     * record): O(1). Counting {@code memories} instead walked a million rows on a 1M database, 10 s on the
     * first search after opening it, when nothing of it was cached yet.
     *
     * @param maxId the index's current largest rowid: the answer when the record is missing or unreadable
     */
    long rows(JdbcReads reads, long maxId) {
        return indexRows(reads).orElse(maxId);
    }

    /** The rows of {@code memories_fts} as FTS5 records them (see {@link #rows}); empty if it has no record yet. */
    static OptionalLong indexRows(JdbcReads reads) {
        return indexRows(reads, "memories_fts");
    }

    /**
     * The rows of any FTS5 index as it records them (see {@link #rows}); empty if it has no record yet.
     *
     * @param fullTextTable the index's table name, a constant of this adapter (it is spliced into the SQL)
     */
    static OptionalLong indexRows(JdbcReads reads, String fullTextTable) {
        Optional<byte[]> averages = reads.first("SELECT block FROM " + fullTextTable + "_data WHERE id = 1", List.of(),
                r -> r.getBytes("block"));
        return averages.filter(b -> b.length > 0).map(b -> OptionalLong.of(firstVarint(b))).orElse(OptionalLong.empty());
    }

    /** SQLite's varint, as FTS5 writes it: big-endian 7-bit groups, a set high bit continues, a 9th byte is whole. */
    static long firstVarint(byte[] bytes) {
        long value = 0;
        for (int i = 0; i < Math.min(bytes.length, 9); i++) {
            int b = bytes[i] & 0xFF;
            if (i == 8) {
                return (value << 8) | b;
            }
            value = (value << 7) | (b & 0x7F);
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        return value;
    }

    private static long count(JdbcReads reads, String sql, String phrase) {
        return reads.optionalLong(sql, List.of(phrase)).orElse(0L);
    }
}
