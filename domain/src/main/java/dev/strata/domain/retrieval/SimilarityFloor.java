package dev.strata.domain.retrieval;

import dev.strata.domain.languagemodel.EmbeddingModelInfo;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * When the vector arm may answer, and with which rows. Nearest-neighbour search always returns the
 * nearest rows, related or not: without a floor a small tenant answers gibberish with every memory it
 * holds.
 *
 * <ul>
 *   <li>{@code minSimilarity}: the arm answers only when its best match is at least this similar to
 *       the query (cosine).</li>
 *   <li>{@code soloMinSimilarity}: the same when the keyword arm found nothing (never below
 *       {@code minSimilarity}): a query that shares no word with any memory must be clearly related to
 *       one to be answered at all. So a query nothing relates to gets an empty answer, or the keyword
 *       arm's alone.</li>
 *   <li>{@code window}: rows more than this below the best match are dropped (off by default: it cost
 *       recall wherever it bit, see below).</li>
 * </ul>
 * A floor on the best match rather than on every row, because the rows that answer a question are
 * often far less similar to it than its best match ("How long have you had them?" answers a question
 * about turtles): measured on LoCoMo, a per-row floor or a window that stops gibberish costs recall, a
 * floor on the best match does not (README, Search).
 *
 * <p>Similarities are on a different scale for every model (bge-small rates unrelated English text
 * around 0.45-0.65, OpenAI's models far lower), so the defaults are per model, measured with
 * {@code strata eval locomo --vector-min-similarity}; a model without a measured value gets
 * {@link #NONE}.
 *
 * @param minSimilarity     the best match's lowest cosine similarity for the arm to answer, in [0, 1); 0 = always
 * @param soloMinSimilarity the same when the keyword arm found nothing, in [0, 1)
 * @param window            how far below the best match a row may be, in (0, 2]; 2 = every row
 */
public record SimilarityFloor(double minSimilarity, double soloMinSimilarity, double window) {

    /** Cosine similarities lie in [-1, 1]: a window of 2 keeps every row. */
    public static final double FULL_WINDOW = 2.0;
    public static final SimilarityFloor NONE = new SimilarityFloor(0, 0, FULL_WINDOW);

    /** Measured defaults by model id (README, Search). */
    static final Map<String, SimilarityFloor> MEASURED = Map.of(
            "bge-small-en-v1.5-q", new SimilarityFloor(0.60, 0.64, FULL_WINDOW));

    public SimilarityFloor {
        requireSimilarity("vector-min-similarity", minSimilarity);
        requireSimilarity("vector-solo-min-similarity", soloMinSimilarity);
        if (!(window > 0 && window <= FULL_WINDOW)) {
            throw new IllegalArgumentException("vector-similarity-window must be within (0, 2]: " + window);
        }
    }

    private static void requireSimilarity(String name, double value) {
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be within [0, 1): " + value);
        }
    }

    /** The measured floor of a model; {@link #NONE} for a model nobody measured, or without a model. */
    public static SimilarityFloor defaultFor(Optional<EmbeddingModelInfo> model) {
        return model.map(m -> MEASURED.get(m.modelId())).orElse(NONE);
    }

    public boolean isNone() {
        return minSimilarity == 0 && soloMinSimilarity == 0 && window >= FULL_WINDOW;
    }

    /**
     * The matches the arm answers with, in their order.
     *
     * @param keywordFound whether the keyword arm found anything for the same query
     */
    public List<VectorMatch> apply(List<VectorMatch> matches, boolean keywordFound) {
        if (isNone() || matches.isEmpty()) {
            return matches;
        }
        double best = matches.stream().mapToDouble(SimilarityFloor::similarity).max().orElseThrow();
        if (best < (keywordFound ? minSimilarity : Math.max(minSimilarity, soloMinSimilarity))) {
            return List.of();
        }
        if (window >= FULL_WINDOW) {
            return matches;
        }
        // A hair of slack: similarities arrive as 1 - distance, and 0.8 - 0.1 must keep a row at 0.7.
        double lowest = best - window - 1e-9;
        return matches.stream().filter(m -> similarity(m) >= lowest).toList();
    }

    private static double similarity(VectorMatch match) {
        return 1 - match.distance();
    }
}
