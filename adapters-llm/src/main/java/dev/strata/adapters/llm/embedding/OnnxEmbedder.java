package dev.strata.adapters.llm.embedding;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
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
 * model weights and tokenizer ship inside langchain4j jars on the classpath
 * ({@link LocalEmbeddingModel}).
 *
 * <p>Thread-safe: the underlying ONNX session and tokenizer are safe for concurrent use, and
 * langchain4j already spreads a batch over its own worker threads.
 */
public final class OnnxEmbedder implements Embedder {

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
     * One of the bundled models, with its query instruction. Loading takes a few seconds and is
     * done once per JVM.
     */
    public static OnnxEmbedder of(LocalEmbeddingModel model) {
        return of(model, true);
    }

    /**
     * One of the bundled models.
     *
     * @param queryInstruction whether queries carry the model's instruction prefix. bge-small-en-v1.5
     *                         retrieves nearly as well without it (its authors say so; on LoCoMo recall
     *                         was the same), and a short query embeds about a third faster without
     *                         the prefix's extra tokens
     */
    public static OnnxEmbedder of(LocalEmbeddingModel model, boolean queryInstruction) {
        return new OnnxEmbedder(model.load(),
                new EmbeddingModelInfo(EmbeddingProvider.LOCAL.configName(), model.modelId(), model.dimension()),
                queryInstruction ? model.queryInstruction() : "");
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
