package dev.strata.application.retrieval;

import dev.strata.domain.chunking.Chunker;

import java.util.Objects;

/**
 * How the embedding worker runs.
 *
 * @param queueCapacity bound of the in-memory queue; a write that finds it full stays pending for reindex
 * @param batchSize     most memories embedded in one model call
 * @param minChars      content shorter than this (stripped) is not embedded: {@code skipped}
 * @param chunker       how long contents are split into chunk-level vectors
 */
public record EmbeddingSettings(int queueCapacity, int batchSize, int minChars, Chunker chunker) {

    public static final EmbeddingSettings DEFAULTS = new EmbeddingSettings(10_000, 32, 3, Chunker.defaults());

    public EmbeddingSettings {
        Objects.requireNonNull(chunker, "chunker");
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("queueCapacity must be at least 1: " + queueCapacity);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1: " + batchSize);
        }
        if (minChars < 0) {
            throw new IllegalArgumentException("minChars must not be negative: " + minChars);
        }
    }
}
