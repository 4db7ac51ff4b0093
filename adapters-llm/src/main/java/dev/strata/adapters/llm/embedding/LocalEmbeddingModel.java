package dev.strata.adapters.llm.embedding;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The in-process models Strata ships, by configuration name. Both are 384-dimensional, int8
 * quantized ONNX exports packaged by langchain4j (the weights and tokenizer are resources of its
 * jars, which {@link OnnxBertEncoder} runs with its own session options);
 * {@code EmbeddingRecallEvaluation} (test sources) measures them against each other on
 * memory-style paraphrase retrieval.
 */
public enum LocalEmbeddingModel {

    /** sentence-transformers all-MiniLM-L6-v2: symmetric, no instruction; trained on short texts. */
    ALL_MINILM_L6_V2("all-minilm-l6-v2", "all-minilm-l6-v2-q", 384, "", AllMiniLmL6V2QuantizedEmbeddingModel.class,
            "all-minilm-l6-v2-q", OnnxBertEncoder.Pooling.MEAN),

    /** BAAI bge-small-en-v1.5: asymmetric, queries carry an instruction prefix; the [CLS] vector is the embedding. */
    BGE_SMALL_EN_V15("bge-small-en-v1.5", "bge-small-en-v1.5-q", 384,
            "Represent this sentence for searching relevant passages: ", BgeSmallEnV15QuantizedEmbeddingModel.class,
            "bge-small-en-v1.5-q", OnnxBertEncoder.Pooling.CLS);

    /**
     * The default local model. In the recall evaluation MiniLM wins on one-sentence memories but
     * falls apart on passages near the 400-token chunk size, where bge stays steady; bge has the
     * better average and by far the better worst case.
     */
    public static final LocalEmbeddingModel DEFAULT = BGE_SMALL_EN_V15;

    private final String configName;
    private final String modelId;
    private final int dimension;
    private final String queryInstruction;
    /** A class of the jar that holds the model's resources. */
    private final Class<?> packagedBy;
    /** The resources' common name: {@code <name>.onnx} and {@code <name>-tokenizer.json}. */
    private final String resource;
    private final OnnxBertEncoder.Pooling pooling;

    LocalEmbeddingModel(String configName, String modelId, int dimension, String queryInstruction,
            Class<?> packagedBy, String resource, OnnxBertEncoder.Pooling pooling) {
        this.configName = configName;
        this.modelId = modelId;
        this.dimension = dimension;
        this.queryInstruction = queryInstruction;
        this.packagedBy = packagedBy;
        this.resource = resource;
        this.pooling = pooling;
    }

    public String configName() {
        return configName;
    }

    public String modelId() {
        return modelId;
    }

    public int dimension() {
        return dimension;
    }

    public String queryInstruction() {
        return queryInstruction;
    }

    OnnxBertEncoder.Pooling pooling() {
        return pooling;
    }

    /** The ONNX model file's bytes (tens of MB: read once per embedder). */
    byte[] modelBytes() {
        try (InputStream in = resource(resource + ".onnx")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + configName + " model", e);
        }
    }

    HuggingFaceTokenizer tokenizer() {
        return OnnxBertEncoder.tokenizer(resource(resource + "-tokenizer.json"));
    }

    private InputStream resource(String name) {
        InputStream in = packagedBy.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("the " + configName + " model resource " + name + " is not on the classpath");
        }
        return in;
    }

    /** Parses a configuration value, ignoring case and surrounding blanks. */
    public static LocalEmbeddingModel fromConfigName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (LocalEmbeddingModel model : values()) {
            if (model.configName.equals(wanted)) {
                return model;
            }
        }
        throw new IllegalArgumentException("unknown local embedding model '" + name + "'; expected one of "
                + Arrays.stream(values()).map(LocalEmbeddingModel::configName).collect(Collectors.joining(", ")));
    }
}
