package dev.strata.bootstrap.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The same agent tool call ({@code memory_search}, limit 10) through MCP's {@code /mcp} and through REST's
 * {@code /v1/tools/memory_search}, on the same server, each over its own kept-alive loopback connection.
 * The two are interleaved query by query, and which goes first alternates every round, so a GC pause,
 * a checkpoint or the JIT lands on both alike; what the ratio shows is what JSON-RPC costs over REST.
 */
final class McpBenchmark {

    /** Medians and 95th percentiles in milliseconds. */
    record Figures(double mcpP50Ms, double mcpP95Ms, double restP50Ms, double restP95Ms) {
    }

    private McpBenchmark() {
    }

    static Figures measure(int port, String tenant, List<String> queries, int rounds, int limit) throws IOException {
        Map<String, String> rest = Map.of("Content-Type", "application/json", "X-Strata-Tenant", tenant);
        try (KeepAliveHttpClient restClient = new KeepAliveHttpClient(port);
             KeepAliveHttpClient mcpClient = new KeepAliveHttpClient(port)) {
            KeepAliveHttpClient.Response opened = mcpClient.post("/mcp", Map.of("Content-Type", "application/json",
                    "Accept", "application/json, text/event-stream", "X-Strata-Tenant", tenant),
                    "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"strata-bench\",\"version\":\"1\"}}}");
            String session = opened.headers().get("mcp-session-id");
            if (opened.status() != 200 || session == null) {
                throw new IllegalStateException("MCP initialize answered " + opened.status() + ": " + opened.body());
            }
            Map<String, String> mcp = Map.of("Content-Type", "application/json",
                    "Accept", "application/json, text/event-stream", "X-Strata-Tenant", tenant, "Mcp-Session-Id", session);
            List<Double> mcpSamples = new ArrayList<>();
            List<Double> restSamples = new ArrayList<>();
            int id = 1;
            for (int round = -2; round < rounds; round++) {
                for (String q : queries) {
                    String arguments = "{\"query\":\"" + q.replace("\\", "\\\\").replace("\"", "\\\"") + "\",\"limit\":"
                            + limit + "}";
                    String call = "{\"jsonrpc\":\"2.0\",\"id\":" + (id++) + ",\"method\":\"tools/call\",\"params\":"
                            + "{\"name\":\"memory_search\",\"arguments\":" + arguments + "}}";
                    boolean mcpFirst = round % 2 == 0;
                    double first = mcpFirst ? timeMcp(mcpClient, mcp, call) : timeRest(restClient, rest, arguments);
                    double second = mcpFirst ? timeRest(restClient, rest, arguments) : timeMcp(mcpClient, mcp, call);
                    if (round >= 0) {
                        mcpSamples.add(mcpFirst ? first : second);
                        restSamples.add(mcpFirst ? second : first);
                    }
                }
            }
            double[] m = mcpSamples.stream().mapToDouble(Double::doubleValue).toArray();
            double[] r = restSamples.stream().mapToDouble(Double::doubleValue).toArray();
            return new Figures(MemoryBenchmark.percentile(m, 50), MemoryBenchmark.percentile(m, 95),
                    MemoryBenchmark.percentile(r, 50), MemoryBenchmark.percentile(r, 95));
        }
    }

    private static double timeMcp(KeepAliveHttpClient client, Map<String, String> headers, String call)
            throws IOException {
        long t = System.nanoTime();
        KeepAliveHttpClient.Response res = client.post("/mcp", headers, call);
        double ms = (System.nanoTime() - t) / 1e6;
        // a tool refusal or a JSON-RPC error would time the wrong path
        if (res.status() != 200 || !res.body().contains("\"isError\":false")) {
            throw new IllegalStateException("memory_search over MCP answered " + res.status() + ": " + res.body());
        }
        return ms;
    }

    private static double timeRest(KeepAliveHttpClient client, Map<String, String> headers, String arguments)
            throws IOException {
        long t = System.nanoTime();
        KeepAliveHttpClient.Response res = client.post("/v1/tools/memory_search", headers, arguments);
        double ms = (System.nanoTime() - t) / 1e6;
        if (res.status() != 200 || !res.body().startsWith("{\"ok\":true")) {
            throw new IllegalStateException("memory_search over REST answered " + res.status() + ": " + res.body());
        }
        return ms;
    }
}
