package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.application.retrieval.EmbeddingSettings;
import dev.strata.domain.retrieval.FusionSettings;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Embeddings and hybrid search.
 *
 * @param provider        {@code local} (in-process ONNX, the default), {@code openai} or {@code disabled}
 * @param localModel      the in-process model's config name; blank for the default (bge-small-en-v1.5)
 * @param queryInstruction whether the in-process model prefixes queries with its instruction
 * @param openAiBaseUrl   the OpenAI-compatible endpoint (empty: the public API)
 * @param openAiModel     the remote model name
 * @param openAiApiKey    its key (empty for keyless local servers)
 * @param openAiDimension a dimension to ask the remote model for (empty: the model's own)
 * @param candidateDepth  rows each arm contributes to the fusion
 * @param fusion          RRF k, arm weights, entity boost, decay and MMR switches
 * @param embedding       queue, batch and chunking of the asynchronous embedding worker
 * @param catchUpInterval how often rows left pending (or failed) are queued again for embedding; also once at start
 * @param localQueryThreads    in-process model: inference threads for one query (0 = one per core)
 * @param localDocumentThreads in-process model: inference threads of the background embedding (0 = one per core)
 */
public record RetrievalSettings(EmbeddingProvider provider, String localModel, boolean queryInstruction,
                                Optional<URI> openAiBaseUrl,
                                String openAiModel, Optional<String> openAiApiKey, OptionalInt openAiDimension,
                                int candidateDepth, FusionSettings fusion, EmbeddingSettings embedding,
                                Duration catchUpInterval, int localQueryThreads, int localDocumentThreads) {

    public RetrievalSettings {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(localModel, "localModel");
        Objects.requireNonNull(openAiBaseUrl, "openAiBaseUrl");
        Objects.requireNonNull(openAiModel, "openAiModel");
        Objects.requireNonNull(openAiApiKey, "openAiApiKey");
        Objects.requireNonNull(openAiDimension, "openAiDimension");
        Objects.requireNonNull(fusion, "fusion");
        Objects.requireNonNull(embedding, "embedding");
        Objects.requireNonNull(catchUpInterval, "catchUpInterval");
        if (catchUpInterval.toSeconds() < 1) {
            throw new IllegalArgumentException("configuration strata.embedding.catch-up-interval-seconds must be at "
                    + "least 1, was " + catchUpInterval.toSeconds());
        }
        if (localQueryThreads < 0 || localQueryThreads > 64 || localDocumentThreads < 0 || localDocumentThreads > 64) {
            throw new IllegalArgumentException("configuration strata.embedding.local-query-threads and "
                    + "local-document-threads must be in [0, 64], were " + localQueryThreads + " and "
                    + localDocumentThreads);
        }
        if (candidateDepth < 1 || candidateDepth > 1000) {
            throw new IllegalArgumentException("configuration strata.search.candidate-depth must be in [1, 1000], was "
                    + candidateDepth);
        }
    }

    public RetrievalSettings withProvider(EmbeddingProvider p) {
        return new RetrievalSettings(p, localModel, queryInstruction, openAiBaseUrl, openAiModel, openAiApiKey,
                openAiDimension, candidateDepth, fusion, embedding, catchUpInterval, localQueryThreads, localDocumentThreads);
    }

    public RetrievalSettings withOpenAi(URI baseUrl, String model, OptionalInt dimension) {
        return new RetrievalSettings(EmbeddingProvider.OPENAI, localModel, queryInstruction, Optional.of(baseUrl), model,
                openAiApiKey, dimension, candidateDepth, fusion, embedding, catchUpInterval, localQueryThreads, localDocumentThreads);
    }

    public RetrievalSettings withCandidateDepth(int depth) {
        return new RetrievalSettings(provider, localModel, queryInstruction, openAiBaseUrl, openAiModel, openAiApiKey,
                openAiDimension, depth, fusion, embedding, catchUpInterval, localQueryThreads, localDocumentThreads);
    }

    public RetrievalSettings withFusion(FusionSettings f) {
        return new RetrievalSettings(provider, localModel, queryInstruction, openAiBaseUrl, openAiModel, openAiApiKey,
                openAiDimension, candidateDepth, f, embedding, catchUpInterval, localQueryThreads, localDocumentThreads);
    }

    /** The same settings with another embedding worker and query configuration. */
    public RetrievalSettings withEmbedding(EmbeddingSettings e) {
        return new RetrievalSettings(provider, localModel, queryInstruction, openAiBaseUrl, openAiModel, openAiApiKey,
                openAiDimension, candidateDepth, fusion, e, catchUpInterval, localQueryThreads, localDocumentThreads);
    }

    /** Without the query-embedding cache: evaluations and benchmarks, whose repeated queries it would measure. */
    public RetrievalSettings withoutQueryCache() {
        return withEmbedding(embedding.withQuery(embedding.query().withoutCache()));
    }

    public RetrievalSettings withCatchUpInterval(Duration interval) {
        return new RetrievalSettings(provider, localModel, queryInstruction, openAiBaseUrl, openAiModel, openAiApiKey,
                openAiDimension, candidateDepth, fusion, embedding, interval, localQueryThreads, localDocumentThreads);
    }
}
