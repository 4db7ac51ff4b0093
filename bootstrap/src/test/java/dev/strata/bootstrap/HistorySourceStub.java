package dev.strata.bootstrap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
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

/**
 * A trade-history API on 127.0.0.1 for end-to-end runs of the sync: sub-accounts, Hyperliquid-shaped
 * fills per sub-account served oldest first from {@code since_ms} in pages of {@code limit} with an
 * index cursor, spot activities, and sub-accounts a test marks down (HTTP 502). Records every query.
 */
final class HistorySourceStub implements AutoCloseable {

    private final HttpServer server;
    private final Map<String, List<String>> fills = new HashMap<>();
    private final Map<String, List<Long>> fillTimes = new HashMap<>();
    private final List<String> spot = new ArrayList<>();
    private final List<Long> spotTimes = new ArrayList<>();
    final List<String> down = new CopyOnWriteArrayList<>();
    final List<Map<String, String>> fillQueries = new CopyOnWriteArrayList<>();

    HistorySourceStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/sub-accounts", exchange -> answer(exchange, 200, subAccounts()));
        server.createContext("/api/perps-fills", this::perpsFills);
        server.createContext("/api/spot-activities", exchange -> {
            Map<String, String> q = query(exchange);
            answer(exchange, 200, page(spot, spotTimes, q));
        });
        server.start();
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api");
    }

    synchronized HistorySourceStub fill(String sub, long tid, long tsMs, String coin, String side, String dir,
                                        String size, String price, String closedPnl) {
        fills.computeIfAbsent(sub, s -> new ArrayList<>()).add("{\"coin\":\"" + coin + "\",\"px\":\"" + price
                + "\",\"sz\":\"" + size + "\",\"side\":\"" + side + "\",\"time\":" + tsMs + ",\"dir\":\"" + dir
                + "\",\"closedPnl\":\"" + closedPnl + "\",\"oid\":" + (tid + 1000) + ",\"tid\":" + tid + "}");
        fillTimes.computeIfAbsent(sub, s -> new ArrayList<>()).add(tsMs);
        return this;
    }

    synchronized HistorySourceStub spot(String hash, long tsMs, String from, String to, String valueUsd) {
        spot.add("{\"tx_hash\":\"" + hash + "\",\"ts_ms\":" + tsMs + ",\"type\":\"swap\",\"from_token\":\"" + from
                + "\",\"to_token\":\"" + to + "\",\"value_usd\":\"" + valueUsd + "\",\"status\":\"completed\"}");
        spotTimes.add(tsMs);
        return this;
    }

    private synchronized String subAccounts() {
        return "{\"sub_accounts\":[" + String.join(",", fills.keySet().stream().sorted().map(s -> "\"" + s + "\"")
                .toList()) + "]}";
    }

    private void perpsFills(HttpExchange exchange) throws IOException {
        Map<String, String> q = query(exchange);
        fillQueries.add(q);
        String sub = q.getOrDefault("sub_account_id", "");
        if (down.contains(sub)) {
            answer(exchange, 502, "{\"error\":\"upstream down\"}");
            return;
        }
        String body;
        synchronized (this) {
            body = page(fills.getOrDefault(sub, List.of()), fillTimes.getOrDefault(sub, List.of()), q);
        }
        answer(exchange, 200, body);
    }

    private static String page(List<String> items, List<Long> times, Map<String, String> q) {
        long since = Long.parseLong(q.getOrDefault("since_ms", "0"));
        List<String> from = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (times.get(i) >= since) {
                from.add(items.get(i));
            }
        }
        int start = Integer.parseInt(q.getOrDefault("cursor", "0"));
        int end = Math.min(from.size(), start + Integer.parseInt(q.getOrDefault("limit", "100")));
        String next = end < from.size() ? "\"" + end + "\"" : "null";
        return "{\"items\":[" + String.join(",", from.subList(start, end)) + "],\"next_cursor\":" + next + "}";
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> out = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        try (exchange) {
            EmbeddingStub.send(exchange, status, body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
