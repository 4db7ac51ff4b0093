package dev.strata.adapters.llm.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The in-process models Strata ships, by configuration name. Both are 384-dimensional, int8
 * quantized ONNX exports packaged by langchain4j; {@code EmbeddingRecallEvaluation} (test
 * sources) measures them against each other on memory-style paraphrase retrieval.
 */
public enum LocalEmbeddingModel {

    /** sentence-transformers all-MiniLM-L6-v2: symmetric, no instruction; trained on short texts. */
    ALL_MINILM_L6_V2("all-minilm-l6-v2", "all-minilm-l6-v2-q", 384, "", AllMiniLmL6V2QuantizedEmbeddingModel::new),

    /** BAAI bge-small-en-v1.5: asymmetric, queries carry an instruction prefix. */
    BGE_SMALL_EN_V15("bge-small-en-v1.5", "bge-small-en-v1.5-q", 384,
            "Represent this sentence for searching relevant passages: ", BgeSmallEnV15QuantizedEmbeddingModel::new);

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
    private final Supplier<EmbeddingModel> loader;

    LocalEmbeddingModel(String configName, String modelId, int dimension, String queryInstruction,
            Supplier<EmbeddingModel> loader) {
        this.configName = configName;
        this.modelId = modelId;
        this.dimension = dimension;
        this.queryInstruction = queryInstruction;
        this.loader = loader;
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

    /** Loads the weights (a few seconds, once per JVM: langchain4j keeps them in a static). */
    EmbeddingModel load() {
        return loader.get();
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
