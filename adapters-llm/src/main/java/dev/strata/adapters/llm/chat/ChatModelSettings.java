package dev.strata.adapters.llm.chat;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a chat model lives and how patiently to talk to it.
 *
 * @param baseUrl  the provider's API root; paths are appended to it (OpenAI-compatible:
 *                 {@code .../v1} + {@code /chat/completions}; Anthropic: root + {@code /v1/messages})
 * @param apiKey   absent for local servers that need none (Ollama, llama.cpp, vLLM without a key)
 * @param requestTimeout the longest one attempt may take, from sending to the full reply
 */
public record ChatModelSettings(
        URI baseUrl,
        String model,
        Optional<String> apiKey,
        Duration connectTimeout,
        Duration requestTimeout,
        RetryPolicy retry,
        int breakerFailureThreshold,
        Duration breakerOpenDuration) {

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_BREAKER_FAILURE_THRESHOLD = 5;
    public static final Duration DEFAULT_BREAKER_OPEN_DURATION = Duration.ofSeconds(60);

    public ChatModelSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(breakerOpenDuration, "breakerOpenDuration");
        String scheme = baseUrl.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("baseUrl must be an http(s) URL: " + baseUrl);
        }
        if (model.isBlank()) {
            throw new IllegalArgumentException("model must not be blank");
        }
        apiKey = apiKey.filter(key -> !key.isBlank());
        if (!connectTimeout.isPositive() || !requestTimeout.isPositive()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        if (breakerFailureThreshold < 1) {
            throw new IllegalArgumentException("breakerFailureThreshold must be at least 1");
        }
    }

    /** Settings with the default timeouts, retries and circuit breaker. */
    public static ChatModelSettings of(URI baseUrl, String model, Optional<String> apiKey) {
        return new ChatModelSettings(baseUrl, model, apiKey, DEFAULT_CONNECT_TIMEOUT, DEFAULT_REQUEST_TIMEOUT,
                RetryPolicy.DEFAULT, DEFAULT_BREAKER_FAILURE_THRESHOLD, DEFAULT_BREAKER_OPEN_DURATION);
    }

    /** The full URL of {@code path} under the base URL. */
    URI endpoint(String path) {
        String base = baseUrl.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base + path);
    }

    /** Keeps the API key out of logs and error messages. */
    @Override
    public String toString() {
        return "ChatModelSettings[baseUrl=" + baseUrl + ", model=" + model
                + ", apiKey=" + (apiKey.isPresent() ? "***" : "none")
                + ", connectTimeout=" + connectTimeout + ", requestTimeout=" + requestTimeout
                + ", retry=" + retry + ", breakerFailureThreshold=" + breakerFailureThreshold
                + ", breakerOpenDuration=" + breakerOpenDuration + "]";
    }
}
