package dev.strata.adapters.http.feed;

import dev.strata.domain.error.UnavailableException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The outbound HTTP every role callback shares (price endpoint, custom probes, evidence sources):
 * JSON in, JSON out, bounded in time and size, no redirects (a callback answers where it was
 * configured or not at all), an optional bearer token. A transport error, a timeout, a status other
 * than 200/204/404 or a body that is not a JSON object is an {@link UnavailableException} naming the
 * callback, which the reflector records on the entry as the reason it is still pending.
 */
public final class CallbackClient {

    /** The largest answer read; a callback that sends more is refused rather than buffered. */
    public static final int MAX_RESPONSE_BYTES = 64 * 1024;

    /** A configured callback: where, with which token, how long to wait. */
    public record Endpoint(String name, URI uri, Optional<String> bearerToken, Duration timeout) {
        public Endpoint {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(bearerToken, "bearerToken");
            Objects.requireNonNull(timeout, "timeout");
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                throw new IllegalArgumentException(name + ": the URL must be an absolute http(s) URL: " + uri);
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException(name + ": the timeout must be positive");
            }
        }
    }

    private final HttpClient http;

    public CallbackClient(Duration connectTimeout) {
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** GET {@code uri}: the JSON object answered, or empty on 404 or 204 (nothing to report). */
    Optional<JsonObject> get(Endpoint endpoint, URI uri) {
        return send(endpoint, request(endpoint, uri).GET().build());
    }

    /** POST {@code body}: the JSON object answered, or empty on 404 or 204 (nothing to report). */
    Optional<JsonObject> post(Endpoint endpoint, JsonObject body) {
        return send(endpoint, request(endpoint, endpoint.uri()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8)).build());
    }

    private static HttpRequest.Builder request(Endpoint endpoint, URI uri) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(endpoint.timeout())
                .header("Accept", "application/json").header("User-Agent", "strata-role-memory");
        endpoint.bearerToken().ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    private Optional<JsonObject> send(Endpoint endpoint, HttpRequest request) {
        HttpResponse<InputStream> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new UnavailableException(endpoint.name() + " did not answer: " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException(endpoint.name() + " was interrupted", e);
        }
        String body;
        try (InputStream in = response.body()) {
            body = readBounded(in, endpoint);
        } catch (IOException e) {
            throw new UnavailableException(endpoint.name() + " sent an unreadable answer: " + describe(e), e);
        }
        int status = response.statusCode();
        if (status == 404 || status == 204) {
            return Optional.empty();
        }
        if (status != 200) {
            throw new UnavailableException(endpoint.name() + " answered HTTP " + status);
        }
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new UnavailableException(endpoint.name() + " answered JSON that is not an object");
            }
            return Optional.of(value.asJsonObject());
        } catch (JsonException | IllegalStateException e) {
            throw new UnavailableException(endpoint.name() + " answered something that is not JSON", e);
        }
    }

    private static String readBounded(InputStream in, Endpoint endpoint) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) != -1) {
            if (out.size() + n > MAX_RESPONSE_BYTES) {
                throw new UnavailableException(endpoint.name() + " answered more than " + MAX_RESPONSE_BYTES + " bytes");
            }
            out.write(buffer, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
