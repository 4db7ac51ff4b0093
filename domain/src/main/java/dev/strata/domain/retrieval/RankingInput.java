package dev.strata.domain.retrieval;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the {@link HybridRanker} ranks for one query.
 *
 * @param keyword   the keyword arm's rows, best first
 * @param vector    the vector arm's rows above its similarity floor, best first; empty when that arm
 *                  did not run (keyword mode)
 * @param around    write times and rows around the hits, for neighbour context
 * @param rareTerms per memory, how many of the query's rare terms it holds (see
 *                  {@link RareTerm}); such a memory ranks above every memory that
 *                  holds none, more rare terms first
 * @param reference the instant the query's time words are read against ({@link TimeLift}); empty = now
 * @param passage   the passage arm's rows ({@link PassageArm}), best first; empty when it did not run
 */
public record RankingInput(ArmResult keyword, Optional<ArmResult> vector, Neighbourhood around,
                           Map<Long, Integer> rareTerms, Optional<Instant> reference, Optional<ArmResult> passage) {

    public RankingInput {
        Objects.requireNonNull(keyword, "keyword");
        Objects.requireNonNull(vector, "vector");
        Objects.requireNonNull(around, "around");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(passage, "passage");
        if (passage.isPresent() && passage.get().arm() != Arm.PASSAGE) {
            throw new IllegalArgumentException("passage results come from the passage arm, not " + passage.get().arm());
        }
        rareTerms = Map.copyOf(rareTerms);
        if (keyword.arm() != Arm.KEYWORD) {
            throw new IllegalArgumentException("keyword results come from the keyword arm, not " + keyword.arm());
        }
        if (vector.isPresent() && vector.get().arm() != Arm.VECTOR) {
            throw new IllegalArgumentException("vector results come from the vector arm, not " + vector.get().arm());
        }
        rareTerms.forEach((id, n) -> {
            if (n < 1) {
                throw new IllegalArgumentException("memory " + id + " holds a positive number of rare terms, not " + n);
            }
        });
    }

    /** Without the passage arm. */
    public RankingInput(ArmResult keyword, Optional<ArmResult> vector, Neighbourhood around,
                        Map<Long, Integer> rareTerms, Optional<Instant> reference) {
        this(keyword, vector, around, rareTerms, reference, Optional.empty());
    }

    /** Time words read against now. */
    public RankingInput(ArmResult keyword, Optional<ArmResult> vector, Neighbourhood around,
                        Map<Long, Integer> rareTerms) {
        this(keyword, vector, around, rareTerms, Optional.empty());
    }

    /** The keyword arm alone: keyword mode. */
    public static RankingInput keywordOnly(ArmResult keyword) {
        return new RankingInput(keyword, Optional.empty(), Neighbourhood.NONE, Map.of());
    }

    public RankingInput withRareTerms(Map<Long, Integer> rare) {
        return new RankingInput(keyword, vector, around, rare, reference, passage);
    }

    public RankingInput withReference(Optional<Instant> at) {
        return new RankingInput(keyword, vector, around, rareTerms, at, passage);
    }

    public RankingInput withPassage(Optional<ArmResult> rows) {
        return new RankingInput(keyword, vector, around, rareTerms, reference, rows);
    }
}
