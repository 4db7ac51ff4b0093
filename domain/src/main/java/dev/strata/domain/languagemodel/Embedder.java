package dev.strata.domain.languagemodel;

import java.util.List;
import java.util.Optional;

/**
 * Port to an embedding model: turns texts into vectors for the vector arm of hybrid search.
 *
 * <p>Implementations are thread-safe. A failing provider throws
 * {@link dev.strata.domain.error.UnavailableException}; callers on the read path fall back to
 * keyword search, callers on the write path mark the row for a later retry.
 */
public interface Embedder {

    /**
     * The model behind this embedder, or empty when embeddings are switched off
     * ({@code disabled}): then search is keyword-only and {@link #embed} must not be called.
     */
    Optional<EmbeddingModelInfo> modelInfo();

    /**
     * True when the model computes on this machine's CPU (an in-process model): the embedding worker then
     * spreads a batch over threads to take its CPU share behind a backlog. A remote model's batch stays one
     * call: its cost is the provider's, and more, smaller requests would only meet its rate limits sooner.
     */
    default boolean computesInProcess() {
        return false;
    }

    /** True when {@link #embed} can produce vectors. */
    default boolean isEnabled() {
        return modelInfo().isPresent();
    }

    /**
     * Embeds every text, returning one embedding per text in the same order. Implementations
     * batch internally; an empty list returns an empty list without contacting the model.
     *
     * @throws dev.strata.domain.error.UnavailableException when the model cannot answer
     */
    List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose);

    /** Embeds one search query. */
    default Embedding embedQuery(String query) {
        return embed(List.of(query), EmbeddingPurpose.QUERY).getFirst();
    }

    /** Embeds stored passages (memory chunks). */
    default List<Embedding> embedDocuments(List<String> documents) {
        return embed(documents, EmbeddingPurpose.DOCUMENT);
    }
}
