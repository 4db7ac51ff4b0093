package dev.strata.adapters.llm.chat;

import dev.strata.domain.error.UnavailableException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * One JSON POST to a provider, made resilient: a per-attempt timeout, retries with jittered
 * backoff on 408/429/5xx, timeouts and connection failures (honouring {@code Retry-After}),
 * and a {@link CircuitBreaker} that counts calls whose retries are spent. Every failure
 * surfaces as {@link UnavailableException}.
 */
final class ProviderHttp {

    @FunctionalInterface
    interface ReplyParser<T> {
        T parse(String body) throws MalformedReplyException;
    }

    private static final System.Logger LOG = System.getLogger(ProviderHttp.class.getName());

    private final String provider;
    private final ChatModelSettings settings;
    private final HttpClient client;
    private final CircuitBreaker breaker;
    private final Clock clock;
    private final Sleeper sleeper;
    private final DoubleSupplier jitter;

    ProviderHttp(String provider, ChatModelSettings settings, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.jitter = Objects.requireNonNull(jitter, "jitter");
        this.client = HttpClient.newBuilder()
                .connectTimeout(settings.connectTimeout())
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.breaker = new CircuitBreaker(provider, settings.breakerFailureThreshold(),
                settings.breakerOpenDuration(), clock);
    }

    CircuitBreaker.State circuitState() {
        return breaker.state();
    }

    <T> T post(String path, Map<String, String> headers, JsonObject body, ReplyParser<T> parser) {
        breaker.acquire();
        HttpRequest.Builder builder = HttpRequest.newBuilder(settings.endpoint(path))
                .timeout(settings.requestTimeout())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
        RetryPolicy retry = settings.retry();
        String failure = "no attempt made";
        for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
            Optional<Duration> retryAfter = Optional.empty();
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                int status = response.statusCode();
                if (status >= 200 && status < 300) {
                    return parsed(response.body(), parser);
                }
                failure = "HTTP " + status + ": " + errorMessage(response.body());
                if (!isRetryable(status)) {
                    if (status == 401 || status == 403 || status == 404) {
                        breaker.onFailure();
                    } else {
                        breaker.onSuccess();
                    }
                    throw new UnavailableException(provider + " rejected the request with " + failure);
                }
                retryAfter = response.headers().firstValue("Retry-After")
                        .flatMap(value -> RetryAfter.parse(value, clock.instant()));
            } catch (HttpTimeoutException timeout) {
                failure = "no reply within " + settings.requestTimeout();
            } catch (IOException io) {
                failure = "connection failed: " + io;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                breaker.release();
                throw new UnavailableException(provider + " call was interrupted", interrupted);
            }
            if (attempt == retry.maxAttempts()) {
                break;
            }
            waitBeforeRetry(attempt, retryAfter, failure);
        }
        breaker.onFailure();
        throw new UnavailableException(provider + " failed after " + retry.maxAttempts() + " attempts; last: " + failure);
    }

    private <T> T parsed(String body, ReplyParser<T> parser) {
        try {
            T reply = parser.parse(body);
            breaker.onSuccess();
            return reply;
        } catch (MalformedReplyException malformed) {
            breaker.onFailure();
            throw new UnavailableException(provider + " answered with an unreadable reply: " + malformed.getMessage(), malformed);
        }
    }

    private void waitBeforeRetry(int attempt, Optional<Duration> retryAfter, String failure) {
        RetryPolicy retry = settings.retry();
        Duration wait = retryAfter.orElseGet(() -> retry.backoff(attempt, jitter.getAsDouble()));
        if (wait.compareTo(retry.maxRetryAfter()) > 0) {
            breaker.onFailure();
            // The provider's own estimate, passed on: the caller may wait where this client would not.
            throw new UnavailableException(provider + " asked to retry after " + wait + ", longer than the "
                    + retry.maxRetryAfter() + " this client waits; last: " + failure, wait);
        }
        LOG.log(System.Logger.Level.WARNING, "{0}: {1}; retry {2} of {3} in {4}",
                provider, failure, attempt, retry.maxAttempts() - 1, wait);
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            breaker.release();
            throw new UnavailableException(provider + " call was interrupted while waiting to retry", interrupted);
        }
    }

    private static boolean isRetryable(int status) {
        return status == 408 || status == 429 || status >= 500;
    }

    /** The provider's own error message when the body has one ({@code {"error":{"message":...}}} in both protocols). */
    private static String errorMessage(String body) {
        return JsonSupport.parse(body)
                .filter(JsonObject.class::isInstance)
                .map(value -> value.asJsonObject().get("error"))
                .filter(JsonObject.class::isInstance)
                .map(error -> error.asJsonObject().get("message"))
                .filter(JsonString.class::isInstance)
                .map(message -> ((JsonString) message).getString())
                .orElseGet(() -> JsonSupport.excerpt(body));
    }
}
