package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;

import java.util.List;
import java.util.Optional;

/**
 * Driven port: the bookkeeping of asynchronous embedding — each memory's {@link EmbeddingState}
 * and a cache of vectors keyed by (content hash, model), so identical text is embedded once.
 */
public interface EmbeddingStateStore {

    /** Sets the state of a memory; a memory that no longer exists is ignored. */
    void mark(Tenant tenant, MemoryId memory, EmbeddingState state);

    /** Memories (of every tenant, not deleted) in one of {@code states}, lowest id first, after {@code afterId}. */
    List<PendingEmbedding> inStates(List<EmbeddingState> states, long afterId, int limit);

    /** How many memories that are not deleted are in one of {@code states}. */
    long countInStates(List<EmbeddingState> states);

    /** Puts every memory that is not deleted back to {@link EmbeddingState#PENDING} (after a model change). */
    int resetAll();

    /** A cached vector of text with this hash, made by {@code model}. */
    Optional<Embedding> cached(String contentHash, String model);

    /** Remembers a vector; a second put for the same key keeps the first. */
    void cache(String contentHash, String model, Embedding embedding);

    /** How far embedding is behind (for health and metrics); without the oldest pending row's age by default. */
    default EmbeddingBacklog backlog() {
        return new EmbeddingBacklog(countInStates(List.of(EmbeddingState.PENDING)),
                countInStates(List.of(EmbeddingState.FAILED)), Optional.empty());
    }
}
