package dev.strata.adapters.llm.embedding;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.model.Embedder;
import dev.strata.domain.model.Embedding;
import dev.strata.domain.model.EmbeddingModelInfo;
import dev.strata.domain.model.EmbeddingPurpose;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code local} provider: an ONNX model run in-process by ONNX Runtime, no network. The
 * model weights and tokenizer ship inside a langchain4j jar on the classpath.
 *
 * <p>Thread-safe: the underlying ONNX session and tokenizer are safe for concurrent use, and
 * langchain4j already spreads a batch over its own worker threads.
 */
public final class OnnxEmbedder implements Embedder {

    /** The instruction bge v1.5 expects before a retrieval query (not before passages). */
    public static final String BGE_QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";
    public static final String BGE_SMALL_MODEL_ID = "bge-small-en-v1.5-q";
    public static final int BGE_SMALL_DIMENSION = 384;

    private final EmbeddingModel model;
    private final EmbeddingModelInfo info;
    private final String queryInstruction;

    /**
     * Wraps any langchain4j in-process model.
     *
     * @param queryInstruction prefix for {@link EmbeddingPurpose#QUERY} texts; empty for symmetric models
     */
    public OnnxEmbedder(EmbeddingModel model, EmbeddingModelInfo info, String queryInstruction) {
        this.model = Objects.requireNonNull(model, "model");
        this.info = Objects.requireNonNull(info, "info");
        this.queryInstruction = Objects.requireNonNull(queryInstruction, "queryInstruction");
    }

    /**
     * The default local model: quantized BAAI bge-small-en-v1.5, 384 dimensions, with its query
     * instruction. Loading it takes a few seconds and is done once per JVM.
     */
    public static OnnxEmbedder bgeSmallEnV15() {
        return new OnnxEmbedder(new BgeSmallEnV15QuantizedEmbeddingModel(),
                new EmbeddingModelInfo(EmbeddingProvider.LOCAL.configName(), BGE_SMALL_MODEL_ID, BGE_SMALL_DIMENSION),
                BGE_QUERY_INSTRUCTION);
    }

    @Override
    public Optional<EmbeddingModelInfo> modelInfo() {
        return Optional.of(info);
    }

    @Override
    public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
        List<String> inputs = EmbeddingInputs.requireEmbeddable(texts);
        Objects.requireNonNull(purpose, "purpose");
        if (inputs.isEmpty()) {
            return List.of();
        }
        String prefix = purpose == EmbeddingPurpose.QUERY ? queryInstruction : "";
        List<TextSegment> segments = new ArrayList<>(inputs.size());
        for (String text : inputs) {
            segments.add(TextSegment.from(prefix + text));
        }
        List<dev.langchain4j.data.embedding.Embedding> vectors;
        try {
            vectors = model.embedAll(segments).content();
        } catch (RuntimeException e) {
            throw new UnavailableException("local embedding model " + info.modelId() + " failed: " + e.getMessage(), e);
        }
        if (vectors.size() != inputs.size()) {
            throw new UnavailableException("local embedding model returned " + vectors.size()
                    + " vectors for " + inputs.size() + " texts");
        }
        List<Embedding> result = new ArrayList<>(vectors.size());
        for (dev.langchain4j.data.embedding.Embedding vector : vectors) {
            if (vector.dimension() != info.dimension()) {
                throw new UnavailableException("local embedding model returned " + vector.dimension()
                        + " dimensions, expected " + info.dimension());
            }
            result.add(new Embedding(vector.vector()));
        }
        return List.copyOf(result);
    }
}
