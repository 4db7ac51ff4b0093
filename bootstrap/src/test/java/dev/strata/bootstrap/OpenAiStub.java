package dev.strata.bootstrap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * An OpenAI-compatible Chat Completions server on 127.0.0.1 that answers from a script (one
 * assistant message per request) and records the request bodies, for end-to-end runs of the
 * consolidation pass against the real client.
 */
final class OpenAiStub implements AutoCloseable {

    static final String MODEL = "stub-consolidator-1";

    private final HttpServer server;
    private final Deque<String> script = new ArrayDeque<>();
    private final List<String> received = new ArrayList<>();

    OpenAiStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    /** The next reply's assistant text (JSON or not: the client decides what it can use). */
    synchronized OpenAiStub answers(String content) {
        script.add(content);
        return this;
    }

    synchronized OpenAiStub decides(String decision, String target, String reason) {
        return answers(Json.createObjectBuilder().add("decision", decision).add("target", target)
                .add("reason", reason).build().toString());
    }

    synchronized List<String> received() {
        return List.copyOf(received);
    }

    synchronized int unanswered() {
        return script.size();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String content;
        try (InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            synchronized (this) {
                received.add(body);
                content = script.poll();
            }
        }
        int status = content == null ? 500 : 200;
        String reply = content == null ? "{\"error\":{\"message\":\"no scripted reply\"}}"
                : Json.createObjectBuilder()
                        .add("id", "chatcmpl-stub")
                        .add("model", MODEL)
                        .add("choices", Json.createArrayBuilder().add(Json.createObjectBuilder()
                                .add("index", 0)
                                .add("message", Json.createObjectBuilder().add("role", "assistant").add("content", content))
                                .add("finish_reason", "stop")))
                        .add("usage", Json.createObjectBuilder().add("prompt_tokens", 180).add("completion_tokens", 25))
                        .build().toString();
        EmbeddingStub.send(exchange, status, reply);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
