package dev.strata.domain.retrieval;

import java.time.Duration;
import java.util.Objects;
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
        Duration neighbourGap) {

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
        }

        private FusionSettings settings() {
            return new FusionSettings(rrfK, keywordWeight, vectorWeight, entityBoostFactor, temporalDecayEnabled,
                    decayHalfLife, decayExemptTypes, mmrEnabled, mmrLambda, neighbourWeight, neighbourWindow,
                    neighbourGap);
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
