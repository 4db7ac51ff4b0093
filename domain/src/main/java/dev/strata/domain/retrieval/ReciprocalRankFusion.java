package dev.strata.domain.retrieval;

import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reciprocal Rank Fusion: {@code score(d) = Σ_arm weight_arm / (k + rank_arm(d))}, rank 1-based,
 * summed over the arms that returned {@code d}. The result is the union of the arms, so a memory
 * only one arm found still competes (the vector arm surfaces rows with no shared keyword);
 * finding it in both arms adds up. Ties are broken by ascending id, so equal inputs always give
 * the same order.
 */
public final class ReciprocalRankFusion {

    public static final int DEFAULT_K = 60;

    /** Order of fused results: best score first, then lowest id. */
    static final Comparator<FusedHit> BY_SCORE_THEN_ID =
            Comparator.comparingDouble(FusedHit::rrfScore).reversed().thenComparingLong(FusedHit::id);

    private final int k;
    private final Map<Arm, Double> weights;

    /** Equal weights (1.0 per arm), as the spec's formula. */
    public ReciprocalRankFusion(int k) {
        this(k, Map.of(Arm.KEYWORD, 1.0, Arm.VECTOR, 1.0));
    }

    /** @param weights a weight per arm; an arm left out weighs 1.0 */
    public ReciprocalRankFusion(int k, Map<Arm, Double> weights) {
        if (k < 1) {
            throw new IllegalArgumentException("RRF k must be at least 1: " + k);
        }
        Objects.requireNonNull(weights, "weights");
        EnumMap<Arm, Double> all = new EnumMap<>(Arm.class);
        for (Arm arm : Arm.values()) {
            double w = weights.getOrDefault(arm, 1.0);
            if (!Double.isFinite(w) || w < 0) {
                throw new IllegalArgumentException("arm weight must be finite and non-negative: " + arm + "=" + w);
            }
            all.put(arm, w);
        }
        this.k = k;
        this.weights = all;
    }

    public List<FusedHit> fuse(List<ArmResult> arms) {
        Map<Long, Candidate> candidates = new LinkedHashMap<>();
        Map<Long, Double> scores = new LinkedHashMap<>();
        Map<Long, Map<Arm, Integer>> ranks = new LinkedHashMap<>();
        for (ArmResult result : arms) {
            List<Candidate> ranked = result.ranked();
            for (int i = 0; i < ranked.size(); i++) {
                Candidate c = ranked.get(i);
                int rank = i + 1;
                Map<Arm, Integer> armRanks = ranks.computeIfAbsent(c.id(), id -> new EnumMap<>(Arm.class));
                if (armRanks.putIfAbsent(result.arm(), rank) != null) {
                    throw new IllegalArgumentException("arm " + result.arm().wireName() + " given twice");
                }
                candidates.putIfAbsent(c.id(), c);
                scores.merge(c.id(), contribution(result.arm(), rank), Double::sum);
            }
        }
        return candidates.values().stream()
                .map(c -> new FusedHit(c, scores.get(c.id()), ranks.get(c.id())))
                .sorted(BY_SCORE_THEN_ID)
                .toList();
    }

    /** What one arm's rank adds to a memory's score. */
    public double contribution(Arm arm, int rank) {
        if (rank < 1) {
            throw new IllegalArgumentException("ranks are 1-based: " + rank);
        }
        return weights.get(arm) / (k + rank);
    }
}
