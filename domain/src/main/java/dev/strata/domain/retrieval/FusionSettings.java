package dev.strata.domain.retrieval;

import dev.strata.domain.languagemodel.EmbeddingModelInfo;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The knobs of {@link HybridRanker}. The defaults are spec 01's pipeline (RRF k = 60 with equal
 * arm weights, entity boost 0.3) with spec 02's temporal decay (half-life 30 days, identity and
 * lesson exempt), MMR (λ 0.7) and {@link NeighbourContext} available as switches, off by default so
 * that ranking stays exactly the spec-01 formula unless asked (the shipped configuration turns
 * neighbour context on).
 *
 * @param neighbourWeight share of a hit's fused score passed to its neighbours; 0 = off
 * @param neighbourWindow places on each side of a hit that count as its neighbours
 * @param neighbourGap    the longest time between the writes of a hit and its neighbour
 * @param vectorMinSimilarity the vector arm answers only when its best match is this similar to the query
 *                        (cosine); empty = the embedding model's measured default ({@link SimilarityFloor}), 0 = always
 * @param vectorSoloMinSimilarity the same when the keyword arm found nothing; empty = the model's default
 * @param vectorSimilarityWindow the vector arm keeps rows at most this far below its best match; empty = the
 *                        model's default, 2 = every row
 */
public record FusionSettings(
        int rrfK,
        double keywordWeight,
        double vectorWeight,
        double entityBoostFactor,
        boolean temporalDecayEnabled,
        Duration decayHalfLife,
        Set<String> decayExemptTypes,
        boolean mmrEnabled,
        double mmrLambda,
        double neighbourWeight,
        int neighbourWindow,
        Duration neighbourGap,
        OptionalDouble vectorMinSimilarity,
        OptionalDouble vectorSoloMinSimilarity,
        OptionalDouble vectorSimilarityWindow) {

    public FusionSettings {
        if (rrfK < 1) {
            throw new IllegalArgumentException("rrfK must be at least 1: " + rrfK);
        }
        requireWeight("keywordWeight", keywordWeight);
        requireWeight("vectorWeight", vectorWeight);
        if (keywordWeight == 0 && vectorWeight == 0) {
            throw new IllegalArgumentException("at least one arm needs a positive weight");
        }
        requireWeight("entityBoostFactor", entityBoostFactor);
        Objects.requireNonNull(decayHalfLife, "decayHalfLife");
        if (decayHalfLife.isNegative() || decayHalfLife.isZero()) {
            throw new IllegalArgumentException("decayHalfLife must be positive: " + decayHalfLife);
        }
        decayExemptTypes = Set.copyOf(decayExemptTypes);
        if (!(mmrLambda >= 0 && mmrLambda <= 1)) {
            throw new IllegalArgumentException("mmrLambda must be within [0, 1]: " + mmrLambda);
        }
        new NeighbourContext(neighbourWeight, neighbourWindow, neighbourGap);
        Objects.requireNonNull(vectorMinSimilarity, "vectorMinSimilarity");
        Objects.requireNonNull(vectorSoloMinSimilarity, "vectorSoloMinSimilarity");
        Objects.requireNonNull(vectorSimilarityWindow, "vectorSimilarityWindow");
        new SimilarityFloor(vectorMinSimilarity.orElse(0), vectorSoloMinSimilarity.orElse(0),
                vectorSimilarityWindow.orElse(SimilarityFloor.FULL_WINDOW));
    }

    /** With the embedding model's own similarity floor. */
    public FusionSettings(int rrfK, double keywordWeight, double vectorWeight, double entityBoostFactor,
                          boolean temporalDecayEnabled, Duration decayHalfLife, Set<String> decayExemptTypes,
                          boolean mmrEnabled, double mmrLambda, double neighbourWeight, int neighbourWindow,
                          Duration neighbourGap) {
        this(rrfK, keywordWeight, vectorWeight, entityBoostFactor, temporalDecayEnabled, decayHalfLife,
                decayExemptTypes, mmrEnabled, mmrLambda, neighbourWeight, neighbourWindow, neighbourGap,
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** Without neighbour context. */
    public FusionSettings(int rrfK, double keywordWeight, double vectorWeight, double entityBoostFactor,
                          boolean temporalDecayEnabled, Duration decayHalfLife, Set<String> decayExemptTypes,
                          boolean mmrEnabled, double mmrLambda) {
        this(rrfK, keywordWeight, vectorWeight, entityBoostFactor, temporalDecayEnabled, decayHalfLife,
                decayExemptTypes, mmrEnabled, mmrLambda, 0, NeighbourContext.DEFAULT_WINDOW,
                NeighbourContext.DEFAULT_GAP);
    }

    public static FusionSettings defaults() {
        return new FusionSettings(ReciprocalRankFusion.DEFAULT_K, 1.0, 1.0, EntityBoost.DEFAULT_FACTOR,
                false, TemporalDecay.DEFAULT_HALF_LIFE, TemporalDecay.DEFAULT_EXEMPT_TYPES,
                false, MaximalMarginalRelevance.DEFAULT_LAMBDA);
    }

    public FusionSettings withRrfK(int k) {
        return edit(d -> d.rrfK = k);
    }

    public FusionSettings withTemporalDecay(boolean enabled) {
        return edit(d -> d.temporalDecayEnabled = enabled);
    }

    public FusionSettings withMmr(boolean enabled) {
        return edit(d -> d.mmrEnabled = enabled);
    }

    public FusionSettings withArmWeights(double keyword, double vector) {
        return edit(d -> {
            d.keywordWeight = keyword;
            d.vectorWeight = vector;
        });
    }

    public FusionSettings withNeighbourContext(double weight, int window, Duration gap) {
        return edit(d -> {
            d.neighbourWeight = weight;
            d.neighbourWindow = window;
            d.neighbourGap = gap;
        });
    }

    /** @param floor the similarity the vector arm's best match must reach; empty = the model's default, 0 = none */
    public FusionSettings withVectorMinSimilarity(OptionalDouble floor) {
        return edit(d -> d.vectorMinSimilarity = floor);
    }

    /** @param floor the same, when the keyword arm found nothing; empty = the model's default, 0 = none */
    public FusionSettings withVectorSoloMinSimilarity(OptionalDouble floor) {
        return edit(d -> d.vectorSoloMinSimilarity = floor);
    }

    /** @param window how far below its best match the vector arm keeps rows; empty = the model's default, 2 = all */
    public FusionSettings withVectorSimilarityWindow(OptionalDouble window) {
        return edit(d -> d.vectorSimilarityWindow = window);
    }

    /** The floor the vector arm applies to vectors of this model: each configured part overrides the model's. */
    public SimilarityFloor similarityFloor(Optional<EmbeddingModelInfo> model) {
        SimilarityFloor measured = SimilarityFloor.defaultFor(model);
        return new SimilarityFloor(vectorMinSimilarity.orElse(measured.minSimilarity()),
                vectorSoloMinSimilarity.orElse(measured.soloMinSimilarity()),
                vectorSimilarityWindow.orElse(measured.window()));
    }

    /** The one place that copies every component: a wither names only what it changes. */
    private FusionSettings edit(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.settings();
    }

    /** A mutable copy for {@link #edit}; the settings it builds check themselves as any other. */
    private static final class Draft {
        private int rrfK;
        private double keywordWeight;
        private double vectorWeight;
        private final double entityBoostFactor;
        private boolean temporalDecayEnabled;
        private final Duration decayHalfLife;
        private final Set<String> decayExemptTypes;
        private boolean mmrEnabled;
        private final double mmrLambda;
        private double neighbourWeight;
        private int neighbourWindow;
        private Duration neighbourGap;
        private OptionalDouble vectorMinSimilarity;
        private OptionalDouble vectorSoloMinSimilarity;
        private OptionalDouble vectorSimilarityWindow;

        private Draft(FusionSettings s) {
            rrfK = s.rrfK;
            keywordWeight = s.keywordWeight;
            vectorWeight = s.vectorWeight;
            entityBoostFactor = s.entityBoostFactor;
            temporalDecayEnabled = s.temporalDecayEnabled;
            decayHalfLife = s.decayHalfLife;
            decayExemptTypes = s.decayExemptTypes;
            mmrEnabled = s.mmrEnabled;
            mmrLambda = s.mmrLambda;
            neighbourWeight = s.neighbourWeight;
            neighbourWindow = s.neighbourWindow;
            neighbourGap = s.neighbourGap;
            vectorMinSimilarity = s.vectorMinSimilarity;
            vectorSoloMinSimilarity = s.vectorSoloMinSimilarity;
            vectorSimilarityWindow = s.vectorSimilarityWindow;
        }

        private FusionSettings settings() {
            return new FusionSettings(rrfK, keywordWeight, vectorWeight, entityBoostFactor, temporalDecayEnabled,
                    decayHalfLife, decayExemptTypes, mmrEnabled, mmrLambda, neighbourWeight, neighbourWindow,
                    neighbourGap, vectorMinSimilarity, vectorSoloMinSimilarity, vectorSimilarityWindow);
        }
    }

    public NeighbourContext neighbourContext() {
        return new NeighbourContext(neighbourWeight, neighbourWindow, neighbourGap);
    }

    private static void requireWeight(String name, double value) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(name + " must be finite and non-negative: " + value);
        }
    }
}
