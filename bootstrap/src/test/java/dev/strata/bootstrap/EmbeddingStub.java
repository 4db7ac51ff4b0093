package dev.strata.bootstrap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An OpenAI-compatible {@code POST /v1/embeddings} server on 127.0.0.1 for end-to-end runs of the
 * {@code openai} provider: bag-of-words vectors (texts sharing words point the same way). It can
 * refuse every request, or {@link #hold} them — a model that cannot keep up — until
 * {@link #release}d; requests are recorded as they arrive, held or not.
 */
public final class EmbeddingStub implements AutoCloseable {

    public static final String MODEL = "stub-embed";

    private final int dimension;
    private final HttpServer server;
    private final ExecutorService handlers = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon()
            .name("embedding-stub").unstarted(r));
    private final List<List<String>> received = new ArrayList<>();
    private volatile boolean refusing;
    /** Requests wait on the gate in place when they arrive; an open gate lets them through. */
    private CountDownLatch gate = new CountDownLatch(0);

    public EmbeddingStub(int dimension) throws IOException {
        this.dimension = dimension;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/embeddings", this::embeddings);
        // Held requests wait on their own threads, so a held stub still accepts (and records) new ones.
        server.setExecutor(handlers);
        server.start();
    }

    /** The base URL to configure ({@code strata.embedding.openai-base-url}). */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public void refuse(boolean refuse) {
        refusing = refuse;
    }

    /** From now on requests wait until {@link #release}. */
    public synchronized void hold() {
        gate = new CountDownLatch(1);
    }

    /** Answers the held requests and every later one at once. */
    public synchronized void release() {
        gate.countDown();
    }

    /** Answers the requests held so far but holds every later one. */
    public synchronized void releaseReceived() {
        gate.countDown();
        gate = new CountDownLatch(1);
    }

    /** The inputs of every request so far, in arrival order (held requests included). */
    public synchronized List<List<String>> received() {
        return List.copyOf(received);
    }

    public synchronized int requests() {
        return received.size();
    }

    private void embeddings(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonObject request = Json.createReader(new InputStreamReader(exchange.getRequestBody(),
                    StandardCharsets.UTF_8)).readObject();
            List<String> inputs = request.getJsonArray("input").getValuesAs(JsonString.class).stream()
                    .map(JsonString::getString).toList();
            CountDownLatch waitFor;
            synchronized (this) {
                received.add(inputs);
                waitFor = gate;
            }
            if (refusing) {
                send(exchange, 400, "{\"error\":{\"message\":\"refused by the test\"}}");
                return;
            }
            waitFor.await();
            JsonArrayBuilder data = Json.createArrayBuilder();
            for (int i = 0; i < inputs.size(); i++) {
                JsonArrayBuilder vector = Json.createArrayBuilder();
                for (double x : vector(inputs.get(i))) {
                    vector.add(x);
                }
                data.add(Json.createObjectBuilder().add("object", "embedding").add("index", i).add("embedding", vector));
            }
            send(exchange, 200, Json.createObjectBuilder().add("object", "list").add("data", data).add("model", MODEL)
                    .add("usage", Json.createObjectBuilder().add("prompt_tokens", 1).add("total_tokens", 1)).build()
                    .toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private double[] vector(String text) {
        double[] v = new double[dimension];
        v[0] = 0.01;
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!w.isEmpty()) {
                v[Math.floorMod(w.hashCode(), dimension)] += 1;
            }
        }
        return v;
    }

    /** Answers {@code body} as JSON: the reply every OpenAI-compatible stub sends. */
    static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        handlers.shutdownNow();
    }
}
