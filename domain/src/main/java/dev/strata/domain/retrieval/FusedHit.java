package dev.strata.domain.retrieval;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A memory after rank fusion: its RRF score and its 1-based rank in every arm that found it.
 */
public record FusedHit(Candidate candidate, double rrfScore, Map<Arm, Integer> armRanks) {

    public FusedHit {
        Objects.requireNonNull(candidate, "candidate");
        requireScore(rrfScore);
        armRanks = copyRanks(armRanks);
    }

    public long id() {
        return candidate.id();
    }

    /** The arms that found this memory, in {@link Arm} order. */
    public Set<Arm> arms() {
        return armRanks.keySet();
    }

    static void requireScore(double score) {
        if (!Double.isFinite(score) || score < 0) {
            throw new IllegalArgumentException("score must be finite and non-negative: " + score);
        }
    }

    static Map<Arm, Integer> copyRanks(Map<Arm, Integer> ranks) {
        Objects.requireNonNull(ranks, "armRanks");
        if (ranks.isEmpty()) {
            throw new IllegalArgumentException("a hit is found by at least one arm");
        }
        ranks.forEach((arm, rank) -> {
            if (rank == null || rank < 1) {
                throw new IllegalArgumentException("ranks are 1-based: " + arm + "=" + rank);
            }
        });
        return Collections.unmodifiableMap(new EnumMap<>(ranks));
    }
}
