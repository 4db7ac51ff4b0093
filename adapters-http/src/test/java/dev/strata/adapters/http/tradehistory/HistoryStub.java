package dev.strata.adapters.http.tradehistory;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A real history API on 127.0.0.1: answers each path from a function of the query, and records
 * every request (path, query, Authorization header).
 */
final class HistoryStub implements AutoCloseable {

    record Request(String path, Map<String, String> query, String authorization) {
    }

    record Answer(int status, String body) {
        static Answer json(String body) {
            return new Answer(200, body);
        }
    }

    final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<String, Function<Map<String, String>, Answer>> routes = new HashMap<>();
    private final HttpServer server;

    HistoryStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    synchronized HistoryStub on(String path, Function<Map<String, String>, Answer> answer) {
        routes.put(path, answer);
        return this;
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api");
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            Map<String, String> query = parse(exchange.getRequestURI().getRawQuery());
            requests.add(new Request(path, query, exchange.getRequestHeaders().getFirst("Authorization")));
            Function<Map<String, String>, Answer> route;
            synchronized (this) {
                route = routes.get(path);
            }
            Answer answer = route == null ? new Answer(404, "{}") : route.apply(query);
            byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    private static Map<String, String> parse(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    List<Request> requestsTo(String path) {
        List<Request> out = new ArrayList<>();
        for (Request r : requests) {
            if (r.path().equals(path)) {
                out.add(r);
            }
        }
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
