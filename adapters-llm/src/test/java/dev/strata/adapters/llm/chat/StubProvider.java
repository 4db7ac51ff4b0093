package dev.strata.adapters.llm.chat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A provider stand-in on 127.0.0.1 that answers from a script, one reply per request, and
 * records what it received. A "hanging" reply holds the request until the stub closes, which
 * is how a slow provider looks to a client with a timeout.
 */
final class StubProvider implements AutoCloseable {

    record Received(String method, String path, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        JsonObject json() {
            return JsonSupport.parse(body).orElseThrow().asJsonObject();
        }
    }

    private record Reply(int status, String body, Map<String, String> headers, boolean hang) {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "stub-provider");
        thread.setDaemon(true);
        return thread;
    });
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<Received> received = new ArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    StubProvider() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    URI baseUrl(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    synchronized StubProvider reply(int status, String body, String... headerNamesAndValues) {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        for (int i = 0; i < headerNamesAndValues.length; i += 2) {
            headers.put(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
        }
        script.add(new Reply(status, body, headers, false));
        return this;
    }

    synchronized StubProvider hang() {
        script.add(new Reply(0, "", Map.of(), true));
        return this;
    }

    synchronized List<Received> received() {
        return List.copyOf(received);
    }

    private void handle(HttpExchange exchange) throws IOException {
        Reply reply;
        try (InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Map<String, String> headers = new java.util.HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.getFirst()));
            synchronized (this) {
                received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body));
                reply = script.isEmpty() ? new Reply(599, "{\"error\":{\"message\":\"stub has no scripted reply\"}}", Map.of(), false) : script.poll();
            }
        }
        if (reply.hang()) {
            try {
                closing.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
