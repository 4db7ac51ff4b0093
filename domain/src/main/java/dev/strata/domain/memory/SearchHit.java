package dev.strata.domain.memory;

import java.util.Objects;

/**
 * A memory found by search, with the matching fragment and its relevance (higher is better).
 *
 * <p>What a search answers carries {@code score} in 0..1 whatever the mode (the best hit of an
 * answer scores 1, every other hit its ranking value divided by the best one's), so a caller can
 * set one threshold; {@code rawScore} is the ranking value itself (fused RRF × boosts), comparable
 * only within one mode. A store's keyword arm, before ranking, fills both with its BM25 value.
 *
 * @param score    relevance within the answer
 * @param rawScore the value the ranking sorted by
 */
public record SearchHit(Memory memory, String snippet, double score, double rawScore) {

    /**
     * Superseded entries stay searchable as history (spec 02) but rank below current ones of similar
     * relevance: their score is multiplied by this weight.
     */
    public static final double SUPERSEDED_WEIGHT = 0.5;

    public SearchHit {
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(snippet, "snippet");
    }

    /** A hit whose ranking value is its score (a store's keyword arm, before the ranker). */
    public SearchHit(Memory memory, String snippet, double score) {
        this(memory, snippet, score, score);
    }

    /** The same hit showing another fragment (secret-safe snippets), scores kept. */
    public SearchHit withSnippet(String other) {
        return new SearchHit(memory, other, score, rawScore);
    }
}
