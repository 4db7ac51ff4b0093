package dev.strata.bootstrap.cli;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code strata mcp --url --key}: a desktop client's stdio session relayed to a running server's {@code /mcp}
 * (Streamable HTTP). Each newline-delimited JSON-RPC message from stdin is POSTed with the key, the tenant and
 * actor headers and the session id the server answered to {@code initialize}; each JSON-RPC answer goes to
 * stdout on one line. The server decides everything (tools, auth, tenant binding); the bridge only carries.
 *
 * <p>A refusal the server answers as an HTTP problem (401 bad key, 403 foreign tenant, 413) or a server that
 * cannot be reached becomes a JSON-RPC error for that request's id, so the client sees why instead of a
 * silent hang; a notification gets none. At the end of input the session is ended with {@code DELETE}.
 */
public final class McpBridge {

    /** JSON-RPC's range for implementation-defined server errors. */
    public static final int TRANSPORT_ERROR = -32000;

    private final URI endpoint;
    private final Optional<String> key;
    private final Optional<String> tenant;
    private final Optional<String> actor;
    private final HttpClient client;
    private Optional<String> session = Optional.empty();

    public McpBridge(URI endpoint, Optional<String> key, Optional<String> tenant, Optional<String> actor, HttpClient client) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.key = Objects.requireNonNull(key, "key");
        this.tenant = Objects.requireNonNull(tenant, "tenant");
        this.actor = Objects.requireNonNull(actor, "actor");
        this.client = Objects.requireNonNull(client, "client");
    }

    /** The server's MCP endpoint for a base URL given with or without the {@code /mcp} path. */
    public static URI endpoint(String url) {
        String trimmed = url.strip();
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        URI uri = URI.create(trimmed.endsWith("/mcp") ? trimmed : trimmed + "/mcp");
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("must be an http(s) URL with a host, e.g. http://127.0.0.1:8420");
        }
        return uri;
    }

    public void run(InputStream in, OutputStream out) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    Optional<String> answer = relay(line);
                    if (answer.isPresent()) {
                        out.write((answer.get() + "\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                }
            }
        } finally {
            endSession();
        }
    }

    /** The JSON-RPC answer to one message, if it has one. */
    Optional<String> relay(String message) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofMinutes(2))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(message, StandardCharsets.UTF_8));
        headers(request);
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            return error(message, "cannot reach " + endpoint + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return error(message, "interrupted while waiting for " + endpoint);
        }
        response.headers().firstValue("Mcp-Session-Id").ifPresent(id -> session = Optional.of(id));
        String body = response.body().strip();
        if (isJsonRpc(body)) {
            // JSON text holds no raw line breaks inside strings, so dropping them keeps the message intact.
            return Optional.of(body.replace("\r", "").replace("\n", ""));
        }
        if (response.statusCode() >= 400) {
            return error(message, "the server answered HTTP " + response.statusCode() + problemDetail(body));
        }
        return Optional.empty();
    }

    private void headers(HttpRequest.Builder request) {
        key.ifPresent(k -> request.header("Authorization", "Bearer " + k));
        tenant.ifPresent(t -> request.header("X-Strata-Tenant", t));
        actor.ifPresent(a -> request.header("X-Strata-Actor", a));
        session.ifPresent(s -> request.header("Mcp-Session-Id", s));
    }

    private void endSession() {
        if (session.isEmpty()) {
            return;
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10)).DELETE();
        headers(request);
        try {
            client.send(request.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // The server forgets idle sessions on its own; nothing to undo here.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        session = Optional.empty();
    }

    private static boolean isJsonRpc(String body) {
        return parse(body).map(o -> o.containsKey("jsonrpc")).orElse(false);
    }

    private static String problemDetail(String body) {
        return parse(body).map(o -> o.getString("detail", o.getString("title", "")))
                .filter(d -> !d.isBlank()).map(d -> ": " + d).orElse("");
    }

    /** A JSON-RPC error answering {@code message}, or nothing when it is a notification (no id). */
    static Optional<String> error(String message, String reason) {
        Optional<JsonValue> id = parse(message).filter(o -> o.containsKey("id") && o.containsKey("method"))
                .map(o -> o.get("id"));
        if (id.isEmpty()) {
            return Optional.empty();
        }
        JsonObject error = Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id.get())
                .add("error", Json.createObjectBuilder().add("code", TRANSPORT_ERROR).add("message", reason)).build();
        return Optional.of(error.toString());
    }

    private static Optional<JsonObject> parse(String text) {
        if (!text.startsWith("{")) {
            return Optional.empty();
        }
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            return Optional.of(reader.readObject());
        } catch (JsonException | IllegalStateException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
