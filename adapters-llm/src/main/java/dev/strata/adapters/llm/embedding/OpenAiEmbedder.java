package dev.strata.adapters.llm.embedding;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The {@code openai} provider: any server that speaks OpenAI's {@code POST /v1/embeddings}
 * (OpenAI itself, Azure-style gateways, Ollama, vLLM, LM Studio, text-embeddings-inference).
 *
 * <p>Texts are sent in batches of {@link OpenAiEmbedderSettings#batchSize()}. A batch that gets
 * 429, a 5xx or a connection error is retried with exponential backoff and jitter, waiting at
 * least as long as the server's {@code Retry-After} says. Other failures (4xx, a malformed or
 * inconsistent body) fail at once with {@link UnavailableException}. Thread-safe.
 */
public final class OpenAiEmbedder implements Embedder {

    private static final System.Logger LOG = System.getLogger(OpenAiEmbedder.class.getName());
    private static final JsonBuilderFactory BUILDERS = Json.createBuilderFactory(Map.of());
    private static final JsonReaderFactory READERS = Json.createReaderFactory(Map.of());
    private static final int MAX_ERROR_DETAIL = 300;

    /** Pauses between attempts; tests substitute one that only records the delay. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final OpenAiEmbedderSettings settings;
    private final EmbeddingModelInfo info;
    private final HttpClient http;
    private final Sleeper sleeper;
    private final RandomGenerator random;
    private final Clock clock;

    public OpenAiEmbedder(OpenAiEmbedderSettings settings, Clock clock) {
        this(settings, HttpClient.newBuilder()
                        .connectTimeout(settings.requestTimeout())
                        .version(HttpClient.Version.HTTP_1_1)
                        .build(),
                duration -> Thread.sleep(duration), RandomGenerator.getDefault(), clock);
    }

    OpenAiEmbedder(OpenAiEmbedderSettings settings, HttpClient http, Sleeper sleeper, RandomGenerator random,
            Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.http = Objects.requireNonNull(http, "http");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.random = Objects.requireNonNull(random, "random");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.info = new EmbeddingModelInfo(EmbeddingProvider.OPENAI.configName(), settings.model(), settings.dimension());
    }

    @Override
    public Optional<EmbeddingModelInfo> modelInfo() {
        return Optional.of(info);
    }

    @Override
    public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
        List<String> inputs = EmbeddingInputs.requireEmbeddable(texts);
        Objects.requireNonNull(purpose, "purpose");
        String prefix = purpose == EmbeddingPurpose.QUERY ? settings.queryInstruction() : "";
        List<Embedding> result = new ArrayList<>(inputs.size());
        for (int from = 0; from < inputs.size(); from += settings.batchSize()) {
            List<String> batch = inputs.subList(from, Math.min(inputs.size(), from + settings.batchSize()));
            result.addAll(embedBatch(batch.stream().map(text -> prefix + text).toList()));
        }
        return List.copyOf(result);
    }

    private List<Embedding> embedBatch(List<String> batch) {
        HttpRequest request = request(batch);
        for (int attempt = 1; ; attempt++) {
            Optional<Duration> retryAfter;
            String failure;
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                int status = response.statusCode();
                if (status / 100 == 2) {
                    return parse(response.body(), batch.size());
                }
                failure = "HTTP " + status + errorDetail(response.body());
                if (status != 429 && status / 100 != 5) {
                    throw new UnavailableException("embedding request to " + settings.endpoint() + " failed: " + failure);
                }
                retryAfter = response.headers().firstValue("Retry-After").flatMap(this::parseRetryAfter);
            } catch (IOException e) {
                failure = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
                retryAfter = Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UnavailableException("interrupted while calling the embedding endpoint", e);
            }
            if (attempt >= settings.maxAttempts()) {
                throw new UnavailableException("embedding request to " + settings.endpoint() + " failed after "
                        + attempt + " attempts: " + failure);
            }
            if (retryAfter.isPresent() && retryAfter.get().compareTo(settings.maxBackoff()) > 0) {
                throw new UnavailableException("embedding endpoint asked to retry after " + retryAfter.get().toSeconds()
                        + "s, longer than the configured maximum backoff: " + failure, retryAfter.get());
            }
            Duration delay = retryAfter.isPresent() ? retryAfter.get() : backoff(attempt);
            LOG.log(System.Logger.Level.DEBUG, "embedding attempt {0} failed ({1}); retrying in {2} ms",
                    attempt, failure, delay.toMillis());
            pause(delay);
        }
    }

    private HttpRequest request(List<String> batch) {
        JsonArrayBuilder input = BUILDERS.createArrayBuilder();
        batch.forEach(input::add);
        String body = BUILDERS.createObjectBuilder()
                .add("model", settings.model())
                .add("input", input)
                .build()
                .toString();
        HttpRequest.Builder builder = HttpRequest.newBuilder(settings.endpoint())
                .timeout(settings.requestTimeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        settings.apiKey().ifPresent(key -> builder.header("Authorization", "Bearer " + key));
        return builder.build();
    }

    /** Exponential backoff with "equal jitter": half the step is fixed, half random. */
    Duration backoff(int failedAttempt) {
        long initial = settings.initialBackoff().toMillis();
        long cap = settings.maxBackoff().toMillis();
        long step = initial << Math.min(failedAttempt - 1, 30);
        long capped = step < 0 ? cap : Math.min(cap, step);
        long half = capped / 2;
        return Duration.ofMillis(half + (half > 0 ? random.nextLong(half + 1) : 0));
    }

    private void pause(Duration delay) {
        try {
            sleeper.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException("interrupted while waiting to retry the embedding endpoint", e);
        }
    }

    /** {@code Retry-After} as delta-seconds or an HTTP date. */
    Optional<Duration> parseRetryAfter(String value) {
        String trimmed = value.strip();
        try {
            long seconds = Long.parseLong(trimmed);
            return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(seconds));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration until = Duration.between(clock.instant(), at.toInstant());
                return Optional.of(until.isNegative() ? Duration.ZERO : until);
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }

    private List<Embedding> parse(String body, int expected) {
        try (JsonReader reader = READERS.createReader(new StringReader(body))) {
            JsonArray data = reader.readObject().getJsonArray("data");
            if (data == null) {
                throw malformed("no 'data' array");
            }
            if (data.size() != expected) {
                throw malformed(data.size() + " embeddings for " + expected + " inputs");
            }
            Embedding[] ordered = new Embedding[expected];
            for (JsonValue value : data) {
                JsonObject item = value.asJsonObject();
                int index = item.getInt("index");
                if (index < 0 || index >= expected || ordered[index] != null) {
                    throw malformed("bad or repeated index " + index);
                }
                ordered[index] = toEmbedding(item.getJsonArray("embedding"));
            }
            return Arrays.asList(ordered);
        } catch (JsonException | ClassCastException | NullPointerException | IllegalArgumentException e) {
            // JSON-P signals a missing member with NullPointerException and a wrong type with ClassCastException.
            throw new UnavailableException("malformed embedding response from " + settings.endpoint() + ": "
                    + e.getMessage(), e);
        }
    }

    private Embedding toEmbedding(JsonArray values) {
        if (values == null) {
            throw malformed("an item without an 'embedding' array");
        }
        if (values.size() != settings.dimension()) {
            throw malformed("a vector of " + values.size() + " dimensions, configured " + settings.dimension());
        }
        float[] vector = new float[values.size()];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = (float) ((JsonNumber) values.get(i)).doubleValue();
        }
        return new Embedding(vector);
    }

    private UnavailableException malformed(String what) {
        return new UnavailableException("malformed embedding response from " + settings.endpoint() + ": " + what);
    }

    /** The server's error message, if the body is OpenAI's error shape; never the request. */
    private static String errorDetail(String body) {
        String detail = body == null ? "" : body.strip();
        try (JsonReader reader = READERS.createReader(new StringReader(detail))) {
            JsonValue error = reader.readObject().get("error");
            if (error instanceof JsonObject object && object.get("message") instanceof JsonString message) {
                detail = message.getString();
            } else if (error instanceof JsonString message) {
                detail = message.getString();
            }
        } catch (JsonException | IllegalStateException | ClassCastException ignored) {
            // Not JSON: the raw body (truncated) is the best detail there is.
        }
        if (detail.isEmpty()) {
            return "";
        }
        return ": " + (detail.length() > MAX_ERROR_DETAIL ? detail.substring(0, MAX_ERROR_DETAIL) + "..." : detail);
    }
}
