package dev.strata.adapters.llm.embedding;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import java.util.List;
import java.util.Optional;

/**
 * The {@code disabled} provider: no model at all. It reports no model, so search stays on the
 * keyword (BM25) path exactly as it was before vectors existed.
 */
public final class DisabledEmbedder implements Embedder {

    @Override
    public Optional<EmbeddingModelInfo> modelInfo() {
        return Optional.empty();
    }

    @Override
    public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
        throw new UnavailableException("embeddings are disabled (embedding provider 'disabled')");
    }
}
