package dev.strata.bootstrap;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** A small HTTP client for end-to-end tests against a running {@link Strata}. */
final class Http implements AutoCloseable {

    private final HttpClient client = HttpClient.newHttpClient();
    private final int port;

    Http(int port) {
        this.port = port;
    }

    HttpResponse<String> send(String method, String path, String body, String tenant) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (tenant != null) {
            b.header("X-Strata-Tenant", tenant);
        }
        return send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Any request, for what {@link #send(String, String, String, String)} does not shape (other bodies, headers). */
    <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body) {
        try {
            return client.send(request, body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@code path} on the server. */
    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    JsonObject json(String method, String path, String body, String tenant) {
        return json(send(method, path, body, tenant));
    }

    static JsonObject json(HttpResponse<String> res) {
        return Json.createReader(new StringReader(res.body())).readObject();
    }

    /** Waits for background work (the debounced sweep) to reach a state; fails after a generous deadline. */
    static void await(String what, BooleanSupplier done) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (!done.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
