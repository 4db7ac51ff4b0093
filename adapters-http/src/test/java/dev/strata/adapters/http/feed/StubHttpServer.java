package dev.strata.adapters.http.feed;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/** A real HTTP server on 127.0.0.1 that answers from a script and records what it was sent. */
final class StubHttpServer implements AutoCloseable {

    record Received(String method, String uri, String body, String authorization) {
    }

    interface Answer {
        void answer(HttpExchange exchange, String body) throws IOException;
    }

    final List<Received> received = new CopyOnWriteArrayList<>();
    private final HttpServer server;
    private volatile Answer answer = (exchange, body) -> reply(exchange, 404, "");

    StubHttpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(), body,
                    exchange.getRequestHeaders().getFirst("Authorization")));
            try {
                answer.answer(exchange, body);
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    StubHttpServer answering(Answer next) {
        this.answer = next;
        return this;
    }

    StubHttpServer json(int status, String json) {
        return answering((exchange, body) -> reply(exchange, status, json));
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    static void reply(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
