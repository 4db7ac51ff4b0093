package dev.strata.adapters.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps the FTS5 indexes in one segment. FTS5 writes every transaction's terms as a new segment and
 * its automerge folds segments together only four of a level at a time, so an index written in many
 * transactions is spread over a dozen segments or more, and every query walks each of them; deletes
 * add segments of their own (delete markers). BM25's per-term document counts, the newest-first walks
 * of bounded ranking and AND intersections all read whole doclists. Measured on 100k memories after
 * 100k deletes, in one segment against as left by the writes: a newest-first walk of 500 matches
 * 0.14 against 7 ms, BM25 over a frequent term's newest rows 9 against 25 ms; after a plain bulk load
 * in 1,000-row batches the gain is smaller (benchmark search p50 about 3.0 -> 2.2 ms).
 *
 * <p>Compaction runs FTS5's incremental {@code 'merge'} command: once with a negative page budget, which puts
 * every segment into one merge, then with a positive one, which carries an unfinished merge on, {@code N} pages
 * at a time, until FTS5 reports no work left. Only the first step may be negative: a negative step finding a
 * segment a request wrote since the previous step starts the whole merge over, with the unfinished output as
 * one more input, so under steady writes a compaction of negative steps never finished (it ran until its step
 * limit, rewriting the index again and again, and the index grew meanwhile: measured on 30k rows with one
 * insert between steps, 3,000 steps, 79 s, 811 -> 6,010 pages; with the positive steps 6 steps, 811 -> 785).
 * Each step is
 * its own short write transaction, a background slice of the {@link WriteGate}: it begins only while no
 * request writer waits, so a writer waits for at most one step, never for the whole rewrite, and the
 * compaction itself never times out behind other background work (it failed every minute behind the
 * embedding worker before both went through the gate). {@link #compactIfGrown()} compacts an index only once the pages added since its last
 * compaction reach a share of its size: the index is rewritten about once per that much growth, so
 * the write amplification stays bounded however the writes trickle in.
 */
public final class SearchIndexCompaction {

    /** The FTS5 tables Strata keeps, each with its {@code _data} shadow table of index pages. */
    static final List<String> INDEXES = List.of("memories_fts", "memories_passage_fts", "facts_fts");

    /**
     * Pages one merge step writes: one background slice, which a request writer may have to wait for. After a
     * 30k-row import a 500-page step took 220 ms on a loaded 2-core machine, a 100-page step 60-90 ms, for
     * about the same total.
     */
    static final int PAGES_PER_STEP = 100;

    /** Below this many added pages an index is never worth rewriting: it is small enough to walk. */
    static final long MIN_GROWTH_PAGES = 64;

    /** A safety bound: one merge of the index as it was takes about its pages / {@link #PAGES_PER_STEP} steps. */
    private static final int MAX_STEPS = 10_000;

    /** What a compaction did to one index. */
    public record Compacted(String index, int steps, long pagesBefore, long pagesAfter) {
    }

    private final SqliteDatabase database;
    private final int growthPercent;
    private final Map<String, Long> pagesAtLastCompaction = new ConcurrentHashMap<>();

    /**
     * @param growthPercent how much an index must have grown since its last compaction, in percent of its
     *                      size then, before {@link #compactIfGrown()} rewrites it
     */
    public SearchIndexCompaction(SqliteDatabase database, int growthPercent) {
        if (growthPercent < 1) {
            throw new IllegalArgumentException("growthPercent must be positive");
        }
        this.database = database;
        this.growthPercent = growthPercent;
    }

    /**
     * Compacts every index that grew enough since this process last compacted it; an index this process
     * has not compacted yet is compacted now (on one segment already, that is a no-op read).
     */
    public List<Compacted> compactIfGrown() {
        return INDEXES.stream().filter(this::grown).map(this::compact).toList();
    }

    /** Compacts every index now, whatever it grew. */
    public List<Compacted> compact() {
        return INDEXES.stream().map(this::compact).toList();
    }

    private boolean grown(String index) {
        Long last = pagesAtLastCompaction.get(index);
        if (last == null) {
            return true;
        }
        long growth = pages(index) - last;
        return growth >= MIN_GROWTH_PAGES && growth * 100 >= last * growthPercent;
    }

    private Compacted compact(String index) {
        long before = pages(index);
        int steps = 0;
        String start = "INSERT INTO " + index + "(" + index + ", rank) VALUES ('merge', " + -PAGES_PER_STEP + ")";
        String carryOn = "INSERT INTO " + index + "(" + index + ", rank) VALUES ('merge', " + PAGES_PER_STEP + ")";
        try {
            while (steps < MAX_STEPS) {
                String merge = steps == 0 ? start : carryOn;
                if (!database.inBackgroundSlice(c -> mergeStep(c, merge))) {
                    break;
                }
                steps++;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot compact " + index + ": " + e.getMessage(), e);
        }
        long after = pages(index);
        pagesAtLastCompaction.put(index, after);
        return new Compacted(index, steps, before, after);
    }

    /** One merge step; FTS5 says it did work when it changed two rows or more (the structure record and pages). */
    private static boolean mergeStep(Connection c, String merge) throws SQLException {
        long changesBefore = totalChanges(c);
        try (PreparedStatement step = c.prepareStatement(merge)) {
            step.executeUpdate();
        }
        return totalChanges(c) - changesBefore >= 2;
    }

    private long pages(String index) {
        try (Connection c = database.connection()) {
            return single(c, "SELECT COUNT(*) FROM " + index + "_data");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the size of " + index + ": " + e.getMessage(), e);
        }
    }

    private static long totalChanges(Connection c) {
        return single(c, "SELECT total_changes()");
    }

    private static long single(Connection c, String sql) {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }
}
