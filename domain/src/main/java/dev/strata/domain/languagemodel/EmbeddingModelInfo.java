package dev.strata.domain.languagemodel;

import java.util.Objects;

/**
 * Identifies the vectors an {@link Embedder} produces. Vectors from different models (or the
 * same model at another dimension) are not comparable, so stores key them by {@code modelId}.
 *
 * @param provider  the configured provider, e.g. {@code local} or {@code openai}
 * @param modelId   the model name, e.g. {@code bge-small-en-v1.5-q} or {@code text-embedding-3-small}
 * @param dimension the length of every vector the model returns
 */
public record EmbeddingModelInfo(String provider, String modelId, int dimension) {

    public EmbeddingModelInfo {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(modelId, "modelId");
        if (provider.isBlank()) {
            throw new IllegalArgumentException("provider must not be blank");
        }
        if (modelId.isBlank()) {
            throw new IllegalArgumentException("modelId must not be blank");
        }
        if (dimension <= 0) {
            throw new IllegalArgumentException("dimension must be positive, was " + dimension);
        }
    }
}
