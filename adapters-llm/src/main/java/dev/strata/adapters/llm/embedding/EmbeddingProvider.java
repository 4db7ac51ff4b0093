package dev.strata.adapters.llm.embedding;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The configurable embedding providers, by their configuration names. */
public enum EmbeddingProvider {
    /** In-process ONNX model, see {@link LocalEmbeddingModel}. */
    LOCAL("local"),
    /** Any OpenAI-compatible {@code /v1/embeddings} endpoint. */
    OPENAI("openai"),
    /** No vectors: keyword search only. */
    DISABLED("disabled");

    private final String configName;

    EmbeddingProvider(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** Parses a configuration value, ignoring case and surrounding blanks. */
    public static EmbeddingProvider fromConfigName(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (EmbeddingProvider provider : values()) {
            if (provider.configName.equals(wanted)) {
                return provider;
            }
        }
        throw new IllegalArgumentException("unknown embedding provider '" + name + "'; expected one of "
                + Arrays.stream(values()).map(EmbeddingProvider::configName).collect(Collectors.joining(", ")));
    }
}
