package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a tenant holds a small enough part of the memory index's rows that a search should match its
 * {@link TenantTerm}. The term saves FTS5 handing over every other tenant's matches for a look-up each, and
 * costs an intersection with the tenant's own doclist, so it pays below some share of the index and costs
 * above it. Measured with each arm's statement on the 100k corpus split between two tenants (both indexes
 * compacted; medians of 16 queries, scoped against unscoped):
 *
 * <table>
 *   <caption>milliseconds, scoped / unscoped</caption>
 *   <tr><th>tenant's share</th><th>passage arm</th><th>keyword arm</th></tr>
 *   <tr><td>3%</td><td>6.7 / 19.9</td><td>3.1 / 10.6</td></tr>
 *   <tr><td>10%</td><td>8.8 / 21.3</td><td>2.9 / 5.0</td></tr>
 *   <tr><td>20%</td><td>10.3 / 15.1</td><td>3.0 / 3.2</td></tr>
 *   <tr><td>33%</td><td>9.2 / 12.6</td><td>3.1 / 2.1</td></tr>
 *   <tr><td>50%</td><td>7.4 / 6.2</td><td>3.3 / 1.9</td></tr>
 *   <tr><td>67%</td><td>7.5 / 5.5</td><td>4.1 / 1.9</td></tr>
 *   <tr><td>100%</td><td>8.4 / 4.8</td><td>4.5 / 1.3</td></tr>
 * </table>
 *
 * So the keyword arm scopes below {@link #KEYWORD_ARM} (a fifth) and the passage arm, whose newest-first walk
 * over other tenants' passages costs more, below {@link #PASSAGE_ARM} (two fifths). At 1M memories over 100
 * tenants (1% each) hybrid search was 4.4x faster at the median with the term.
 *
 * <p>A tenant's count is remembered, and counted again once the index has changed by a twentieth of its
 * rows since: shares move only as fast as the index grows. A stale answer changes what a search costs,
 * never what it finds.
 *
 * <p>The fact, learning and role-memory indexes carry the term too (migration 25) and their searches are the
 * keyword arm's statement in shape (a MATCH, BM25's order, a small limit), so they scope below its share.
 */
final class TenantShares {

    /**
     * A full-text index whose rows hold their tenant's {@link TenantTerm}, and the table its rows come from.
     * Both names are constants of this adapter: they are spliced into the SQL.
     */
    record Index(String table, String fullText) {
        static final Index MEMORIES = new Index("memories", "memories_fts");
        static final Index FACTS = new Index("facts", "facts_fts");
        static final Index LEARNINGS = new Index("learnings", "learnings_fts");
        static final Index ROLE_MEMORY = new Index("role_memory", "role_memory_fts");
    }

    /** The share below which the keyword arm matches the tenant term. */
    static final double KEYWORD_ARM = 0.2;
    /** The share below which the passage arm matches the tenant term. */
    static final double PASSAGE_ARM = 0.4;
    /** Past this many remembered tenants the memory is dropped whole (a bound, not a cache policy). */
    static final int MAX_REMEMBERED = 10_000;
    private static final long STALE_CHANGE_DIVISOR = 20;

    private record Share(boolean few, long atRows) {
    }

    private final double below;
    private final Index index;
    private final Map<Tenant, Share> remembered = new ConcurrentHashMap<>();

    /** @param below the share of {@code memories_fts}'s rows (0..1, exclusive) under which a tenant holds few rows */
    TenantShares(double below) {
        this(below, Index.MEMORIES);
    }

    /** @param below the share of the index's rows (0..1, exclusive) under which a tenant holds few rows */
    TenantShares(double below, Index index) {
        if (!(below > 0 && below < 1)) {
            throw new IllegalArgumentException("below must be a share between 0 and 1: " + below);
        }
        this.below = below;
        this.index = Objects.requireNonNull(index, "index");
    }

    /** Whether {@code tenant} holds less than this share of the index's rows. */
    boolean holdsFewRows(JdbcReads reads, Tenant tenant) {
        return holdsFewRows(reads, tenant, DocumentFrequencies.indexRows(reads, index.fullText())
                .orElseGet(() -> reads.optionalLong("SELECT COALESCE(MAX(id), 0) AS n FROM " + index.table(), List.of())
                        .orElse(0L)));
    }

    /** {@code match} restricted to the tenant's rows when the tenant holds few of the index's rows; else as it is. */
    String scope(JdbcReads reads, Tenant tenant, String match) {
        return holdsFewRows(reads, tenant) ? TenantTerm.scope(tenant, match) : match;
    }

    /** As {@link #holdsFewRows(JdbcReads, Tenant)}, for a caller that has read the index's row count already. */
    boolean holdsFewRows(JdbcReads reads, Tenant tenant, long rows) {
        Share known = remembered.get(tenant);
        if (known != null && Math.abs(rows - known.atRows()) <= rows / STALE_CHANGE_DIVISOR) {
            return known.few();
        }
        long bound = (long) Math.ceil(rows * below);
        // Counted only up to the bound, in the index's own doclist of the tenant's term (every table of these
        // indexes has a row there, and not every one has an index on its tenant column): what it costs does
        // not grow with the tenant.
        long counted = reads.optionalLong("SELECT COUNT(*) AS n FROM (SELECT 1 FROM " + index.fullText() + " WHERE "
                + index.fullText() + " MATCH ? LIMIT " + bound + ")", List.of(TenantTerm.COLUMN + " : \""
                + TenantTerm.of(tenant) + "\"")).orElse(0L);
        boolean few = counted < bound;
        if (remembered.size() >= MAX_REMEMBERED) {
            remembered.clear();
        }
        remembered.put(tenant, new Share(few, rows));
        return few;
    }
}
