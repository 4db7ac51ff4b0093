package dev.strata.domain.retrieval;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One search result.
 *
 * @param candidate       the memory as the arms returned it
 * @param score           the final score: RRF × entity boost (× temporal decay when enabled)
 * @param normalisedScore {@code score} divided by the best score in the same response, in 0..1,
 *                        for display; comparable only within one response
 * @param rrfScore        the fused score before boost and decay, for explanations
 * @param entityOverlap   how many of the query's finance entities the memory shares
 * @param armRanks        the 1-based rank in each arm that found the memory
 */
public record RankedHit(Candidate candidate, double score, double normalisedScore, double rrfScore, int entityOverlap,
        Map<Arm, Integer> armRanks) {

    public RankedHit {
        Objects.requireNonNull(candidate, "candidate");
        FusedHit.requireScore(score);
        FusedHit.requireScore(rrfScore);
        if (!(normalisedScore >= 0 && normalisedScore <= 1)) {
            throw new IllegalArgumentException("normalisedScore must be within [0, 1]: " + normalisedScore);
        }
        if (entityOverlap < 0) {
            throw new IllegalArgumentException("entityOverlap is a count: " + entityOverlap);
        }
        armRanks = FusedHit.copyRanks(armRanks);
    }

    public long id() {
        return candidate.id();
    }

    /** The arm(s) that found this memory, in {@link Arm} order: what the response lists per hit. */
    public Set<Arm> arms() {
        return armRanks.keySet();
    }
}
