package dev.strata.adapters.llm.embedding;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Settings of the {@code openai} provider.
 *
 * @param baseUrl          the server root, e.g. {@code https://api.openai.com} or {@code http://127.0.0.1:11434};
 *                         a trailing {@code /v1} is accepted too
 * @param model            the model name sent with every request
 * @param apiKey           sent as a bearer token when present (local servers often need none)
 * @param dimension        length of the vectors the model returns; checked on every response
 * @param batchSize        texts per request
 * @param maxAttempts      attempts per batch, first one included, on 429, 5xx and connection errors
 * @param initialBackoff   first retry delay before jitter; doubles per attempt
 * @param maxBackoff       cap of the computed delay, and the longest {@code Retry-After} honoured
 * @param requestTimeout   timeout of one HTTP request
 * @param queryInstruction prefix added to queries only, for asymmetric models served behind the API
 */
public record OpenAiEmbedderSettings(
        URI baseUrl,
        String model,
        Optional<String> apiKey,
        int dimension,
        int batchSize,
        int maxAttempts,
        Duration initialBackoff,
        Duration maxBackoff,
        Duration requestTimeout,
        String queryInstruction) {

    public static final URI DEFAULT_BASE_URL = URI.create("https://api.openai.com");
    public static final String DEFAULT_MODEL = "text-embedding-3-small";
    public static final int DEFAULT_BATCH_SIZE = 64;
    public static final int DEFAULT_MAX_ATTEMPTS = 4;
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(500);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(20);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /** Dimensions of OpenAI's own embedding models, used when none is configured. */
    private static final Map<String, Integer> KNOWN_DIMENSIONS = Map.of(
            "text-embedding-3-small", 1536,
            "text-embedding-3-large", 3072,
            "text-embedding-ada-002", 1536);

    public OpenAiEmbedderSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(queryInstruction, "queryInstruction");
        String scheme = baseUrl.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
            throw new IllegalArgumentException("embedding base URL must be http or https: " + baseUrl);
        }
        if (model.isBlank()) {
            throw new IllegalArgumentException("embedding model must not be blank");
        }
        apiKey = apiKey.filter(key -> !key.isBlank());
        if (dimension <= 0) {
            throw new IllegalArgumentException("embedding dimension must be positive");
        }
        if (batchSize <= 0) {
            throw new IllegalArgumentException("embedding batch size must be positive");
        }
        if (maxAttempts <= 0) {
            throw new IllegalArgumentException("embedding max attempts must be positive");
        }
        if (initialBackoff.isNegative() || maxBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("embedding backoff must satisfy 0 <= initial <= max");
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("embedding request timeout must be positive");
        }
    }

    /**
     * Settings with defaults for everything but the endpoint, model, key and dimension.
     *
     * @param dimension empty to use the known dimension of an OpenAI model
     * @throws IllegalArgumentException when no dimension is given for a model not known here
     */
    public static OpenAiEmbedderSettings of(URI baseUrl, String model, Optional<String> apiKey, OptionalInt dimension) {
        int resolved = dimension.isPresent() ? dimension.getAsInt() : knownDimension(model)
                .orElseThrow(() -> new IllegalArgumentException("the dimension of embedding model '" + model
                        + "' is not known; configure it"));
        return new OpenAiEmbedderSettings(baseUrl, model, apiKey, resolved, DEFAULT_BATCH_SIZE, DEFAULT_MAX_ATTEMPTS,
                DEFAULT_INITIAL_BACKOFF, DEFAULT_MAX_BACKOFF, DEFAULT_REQUEST_TIMEOUT, "");
    }

    public static OptionalInt knownDimension(String model) {
        Integer known = KNOWN_DIMENSIONS.get(model);
        return known == null ? OptionalInt.empty() : OptionalInt.of(known);
    }

    /** The embeddings endpoint: {@code {base}/v1/embeddings}. */
    public URI endpoint() {
        String base = baseUrl.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base.endsWith("/v1") ? base + "/embeddings" : base + "/v1/embeddings");
    }

    public OpenAiEmbedderSettings withBatchSize(int newBatchSize) {
        return new OpenAiEmbedderSettings(baseUrl, model, apiKey, dimension, newBatchSize, maxAttempts,
                initialBackoff, maxBackoff, requestTimeout, queryInstruction);
    }

    public OpenAiEmbedderSettings withRetries(int newMaxAttempts, Duration newInitialBackoff, Duration newMaxBackoff) {
        return new OpenAiEmbedderSettings(baseUrl, model, apiKey, dimension, batchSize, newMaxAttempts,
                newInitialBackoff, newMaxBackoff, requestTimeout, queryInstruction);
    }

    public OpenAiEmbedderSettings withRequestTimeout(Duration newRequestTimeout) {
        return new OpenAiEmbedderSettings(baseUrl, model, apiKey, dimension, batchSize, maxAttempts,
                initialBackoff, maxBackoff, newRequestTimeout, queryInstruction);
    }

    public OpenAiEmbedderSettings withQueryInstruction(String newQueryInstruction) {
        return new OpenAiEmbedderSettings(baseUrl, model, apiKey, dimension, batchSize, maxAttempts,
                initialBackoff, maxBackoff, requestTimeout, newQueryInstruction);
    }

    /** Never prints the key. */
    @Override
    public String toString() {
        return "OpenAiEmbedderSettings[baseUrl=" + baseUrl + ", model=" + model + ", apiKey="
                + (apiKey.isPresent() ? "***" : "none") + ", dimension=" + dimension + ", batchSize=" + batchSize
                + ", maxAttempts=" + maxAttempts + "]";
    }
}
