package dev.strata.adapters.sqlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a natural-language query is ranked on a large index, decided from each term's document
 * frequency {@code df} against the index size {@code n} and the candidate bound:
 *
 * <ul>
 *   <li><b>absent</b> ({@code df = 0}): matches nothing and scores nothing, so it is left out.</li>
 *   <li><b>common</b> ({@code df > n / 2}): left out of the ranking. FTS5's BM25 clamps an IDF of
 *       {@code ln((n - df + 0.5) / (df + 0.5)) <= 0} to a millionth, so such a term moves no score,
 *       while counting its rows for the IDF costs milliseconds. Exact, not an approximation; only a
 *       row holding nothing but common terms is found later, by the caller's fallback.</li>
 *   <li><b>rare</b> ({@code df <= bound}): every row holding one is a candidate.</li>
 *   <li><b>frequent</b> (in between): ranking every row holding one costs more than the bound, so
 *       its rows are candidates when they hold every ranked term, and, when those and the rare
 *       terms' rows are too few, when they are among the newest matches (much as Lucene's
 *       common-terms query lets frequent terms only refine what the rare ones found).</li>
 * </ul>
 *
 * @param ranked             the terms BM25 ranks by (never empty)
 * @param rare               the ranked terms whose every row is a candidate
 * @param droppedCommonTerms whether common terms were left out
 */
record RankingPlan(List<String> ranked, List<String> rare, boolean droppedCommonTerms) {

    interface Frequencies {
        long of(String term, int rareBound, long maxRowid);
    }

    RankingPlan {
        ranked = List.copyOf(ranked);
        rare = List.copyOf(rare);
        if (ranked.isEmpty() || !ranked.containsAll(rare)) {
            throw new IllegalArgumentException("a plan ranks some terms, its rare ones among them");
        }
    }

    /** The plan, or empty when no term of the query occurs in the index at all. */
    /**
     * @param rows     the index's row count, BM25's {@code n}
     * @param maxRowid the index's largest rowid, which dates the frequencies' remembered counts
     */
    static Optional<RankingPlan> of(List<String> terms, int bound, long rows, long maxRowid, Frequencies frequencies) {
        List<String> ranked = new ArrayList<>();
        List<String> rare = new ArrayList<>();
        List<String> common = new ArrayList<>();
        for (String term : terms) {
            long df = frequencies.of(term, bound, maxRowid);
            if (df == 0) {
                continue;
            }
            if (df * 2 > rows) {
                common.add(term);
                continue;
            }
            ranked.add(term);
            if (df <= bound) {
                rare.add(term);
            }
        }
        if (ranked.isEmpty() && common.isEmpty()) {
            return Optional.empty();
        }
        if (ranked.isEmpty()) {
            // Every term is common: none discriminates, so all of them rank, over bounded candidates.
            return Optional.of(new RankingPlan(common, List.of(), false));
        }
        return Optional.of(new RankingPlan(ranked, rare, !common.isEmpty()));
    }

    /** Whether some ranked term is too frequent for every one of its rows to be ranked. */
    boolean bounded() {
        return rare.size() < ranked.size();
    }
}
