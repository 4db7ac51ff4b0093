package dev.strata.adapters.llm.embedding;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** An OpenAI-like embeddings server on 127.0.0.1 that answers from a script of responses. */
final class OpenAiStub implements AutoCloseable {

    record Reply(int status, Map<String, String> headers, String body) {
        static Reply json(String body) {
            return new Reply(200, Map.of(), body);
        }
    }

    record Received(String path, String authorization, JsonObject body) {
        List<String> inputs() {
            return body.getJsonArray("input").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
        }
    }

    private final HttpServer server;
    private final Deque<Function<Received, Reply>> script = new ArrayDeque<>();
    private final List<Received> received = Collections.synchronizedList(new ArrayList<>());

    OpenAiStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Queues the answer to the next request. */
    OpenAiStub then(Function<Received, Reply> reply) {
        synchronized (script) {
            script.add(reply);
        }
        return this;
    }

    OpenAiStub thenEmbed() {
        return then(request -> Reply.json(embeddingsFor(request.inputs(), false)));
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    /** The vector the stub returns for a text: deterministic and easy to assert. */
    static float[] vectorOf(String text) {
        return new float[] {text.length(), text.charAt(0), 1f};
    }

    /** An OpenAI-shaped body; {@code reversed} lists the items in reverse index order. */
    static String embeddingsFor(List<String> inputs, boolean reversed) {
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (int n = 0; n < inputs.size(); n++) {
            int index = reversed ? inputs.size() - 1 - n : n;
            JsonArrayBuilder vector = Json.createArrayBuilder();
            for (float value : vectorOf(inputs.get(index))) {
                vector.add(value);
            }
            data.add(Json.createObjectBuilder().add("object", "embedding").add("index", index).add("embedding", vector));
        }
        return Json.createObjectBuilder()
                .add("object", "list")
                .add("data", data)
                .add("model", "stub-embed")
                .add("usage", Json.createObjectBuilder().add("prompt_tokens", 1).add("total_tokens", 1))
                .build()
                .toString();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            JsonObject body;
            try (JsonReader reader = Json.createReader(new StringReader(text))) {
                body = reader.readObject();
            }
            Received request = new Received(exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"), body);
            received.add(request);
            Function<Received, Reply> next;
            synchronized (script) {
                next = script.poll();
            }
            Reply reply = next == null ? new Reply(599, Map.of(), "stub script exhausted") : next.apply(request);
            reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    private boolean closed;

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            server.stop(0);
        }
    }
}
