package dev.strata.bootstrap.drills;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP for the drills: a server that is being killed refuses connections or drops them mid-request,
 * which is an unacknowledged write ({@link Optional#empty()}), not a test failure.
 */
final class DrillClient implements AutoCloseable {

    static final String TENANT = "drill";

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final IntSupplier port;

    DrillClient(IntSupplier port) {
        this.port = port;
    }

    /** The response, or empty when the server was unreachable or vanished before answering. */
    Optional<HttpResponse<String>> trySend(String method, String path, String body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port.getAsInt() + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .header("X-Strata-Tenant", TENANT)
                .build();
        try {
            return Optional.of(client.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** A request that must be answered: the server is up when this is called. */
    HttpResponse<String> send(String method, String path, String body) {
        return trySend(method, path, body)
                .orElseThrow(() -> new AssertionError("no answer to " + method + " " + path));
    }

    /** Every answer a 503 problem document: storage unavailable, the request refused, nothing stored. */
    static void assertUnavailable(List<HttpResponse<String>> answers) {
        for (HttpResponse<String> answer : answers) {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
            assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            JsonObject problem = json(answer);
            assertThat(problem.getInt("status")).isEqualTo(503);
            assertThat(problem.getString("type")).endsWith("unavailable");
            // A full, read-only or failing storage needs an operator: no hint that would invite a retry loop.
            assertThat(answer.headers().firstValue("Retry-After")).as(answer.body()).isEmpty();
        }
    }

    static JsonObject json(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    @Override
    public void close() {
        client.close();
    }
}
