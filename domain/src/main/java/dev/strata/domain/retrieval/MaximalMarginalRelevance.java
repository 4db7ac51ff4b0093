package dev.strata.domain.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Maximal Marginal Relevance re-ranking: repeatedly picks the item maximising
 * {@code λ · relevance − (1 − λ) · max Jaccard(item, already picked)}, so near-duplicates give way
 * to something new. Relevance is divided by the best relevance first, putting it on the same
 * 0..1 scale as Jaccard whatever the scoring upstream. Ties keep the input order, so the input
 * should already be sorted best first.
 */
public final class MaximalMarginalRelevance {

    public static final double DEFAULT_LAMBDA = 0.7;

    private final double lambda;

    public MaximalMarginalRelevance(double lambda) {
        if (!(lambda >= 0 && lambda <= 1)) {
            throw new IllegalArgumentException("MMR lambda must be within [0, 1]: " + lambda);
        }
        this.lambda = lambda;
    }

    /**
     * @param items     candidates, best first
     * @param relevance each item's non-negative score
     * @param text      the text whose token set measures similarity
     * @param limit     how many to select
     */
    public <T> List<T> rerank(List<T> items, ToDoubleFunction<T> relevance, Function<T, String> text, int limit) {
        Objects.requireNonNull(items, "items");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        int n = items.size();
        double[] rel = new double[n];
        List<Set<String>> tokens = new ArrayList<>(n);
        double best = 0;
        for (int i = 0; i < n; i++) {
            rel[i] = relevance.applyAsDouble(items.get(i));
            best = Math.max(best, rel[i]);
            tokens.add(TokenSet.of(text.apply(items.get(i))));
        }
        double[] maxSimilarity = new double[n];
        boolean[] taken = new boolean[n];
        List<T> selected = new ArrayList<>();
        while (selected.size() < Math.min(limit, n)) {
            int pick = -1;
            double pickValue = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (taken[i]) {
                    continue;
                }
                double normalised = best > 0 ? rel[i] / best : 0;
                double value = lambda * normalised - (1 - lambda) * maxSimilarity[i];
                if (value > pickValue) {
                    pick = i;
                    pickValue = value;
                }
            }
            taken[pick] = true;
            selected.add(items.get(pick));
            for (int i = 0; i < n; i++) {
                if (!taken[i]) {
                    maxSimilarity[i] = Math.max(maxSimilarity[i], TokenSet.jaccard(tokens.get(i), tokens.get(pick)));
                }
            }
        }
        return List.copyOf(selected);
    }

    /** Jaccard similarity of two texts' token sets, as MMR measures it. */
    public static double similarity(String a, String b) {
        return TokenSet.jaccard(TokenSet.of(a), TokenSet.of(b));
    }
}
