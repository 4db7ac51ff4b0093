package dev.strata.domain.retrieval;

import dev.strata.domain.model.EmbeddingModelInfo;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The vector arm's similarity floor: a memory whose best chunk is less similar to the query than
 * {@code minSimilarity} (cosine) is not an answer of that arm. Nearest-neighbour search always
 * returns the nearest rows, related or not, so without a floor a small tenant answers gibberish with
 * every memory it holds; with one, a query nothing relates to gets an empty or keyword-only answer.
 *
 * <p>Similarities are on a different scale for every model (bge-small rates unrelated English text
 * around 0.4-0.5, OpenAI's models far lower), so the default is per model, measured on LoCoMo
 * (README, Search); a model without a measured value gets no floor.
 *
 * @param minSimilarity the lowest cosine similarity kept, in [0, 1); 0 keeps everything
 */
public record SimilarityFloor(double minSimilarity) {

    public static final SimilarityFloor NONE = new SimilarityFloor(0);

    /** Measured defaults by model id (see the README's table of the leave-one-conversation-out choice). */
    static final Map<String, Double> MEASURED = Map.of(
            "bge-small-en-v1.5-q", 0.0,
            "all-minilm-l6-v2-q", 0.0);

    public SimilarityFloor {
        if (!(minSimilarity >= 0 && minSimilarity < 1)) {
            throw new IllegalArgumentException("vector-min-similarity must be within [0, 1): " + minSimilarity);
        }
    }

    /** The measured floor of a model; {@link #NONE} for a model nobody measured, or without a model. */
    public static SimilarityFloor defaultFor(Optional<EmbeddingModelInfo> model) {
        return model.map(m -> MEASURED.get(m.modelId())).map(SimilarityFloor::new).orElse(NONE);
    }

    /** Whether a match at this cosine distance ({@code 1 - similarity}) is kept. */
    public boolean keeps(VectorMatch match) {
        return 1 - match.distance() >= minSimilarity;
    }

    /** The matches this floor keeps, in their order. */
    public List<VectorMatch> apply(List<VectorMatch> matches) {
        return minSimilarity == 0 ? matches : matches.stream().filter(this::keeps).toList();
    }
}
