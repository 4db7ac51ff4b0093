package dev.strata.adapters.http;

import dev.strata.adapters.http.mcp.McpDispatcher;
import dev.strata.adapters.http.mcp.McpResources;
import dev.strata.adapters.http.mcp.McpStdio;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.session.SessionId;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** MCP's stdio transport over piped streams: newline-delimited JSON-RPC in, one answer line per request out. */
class McpStdioTest {

    private final InMemoryBackend backend = new InMemoryBackend();
    private final McpDispatcher dispatcher = new McpDispatcher(backend.tools, new McpResources(backend.snapshots::render,
            (tenant, id) -> backend.sessions.prompt(tenant, SessionId.parse(id))));

    private List<JsonObject> run(Tenant tenant, int maxBytes, String... lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new McpStdio(dispatcher, tenant, Actor.claimed("desktop-agent", Optional.empty()), maxBytes)
                .run(new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), out);
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).endsWith("\n");
        return text.lines().map(McpStdioTest::parse).toList();
    }

    private static JsonObject parse(String line) {
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            return reader.readObject();
        }
    }

    @Test
    void a_session_initializes_writes_and_searches_answering_only_requests_one_line_each() {
        List<JsonObject> answers = run(Tenant.of("acme"), 100_000,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\"}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_write\","
                        + "\"arguments\":{\"category\":\"preference\",\"content\":\"stdio likes 0.5% slippage\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_search\","
                        + "\"arguments\":{\"query\":\"slippage\"}}}");

        assertThat(answers).hasSize(3);
        assertThat(answers.get(0).getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-03-26");
        assertThat(answers.get(1).getJsonObject("result").getBoolean("isError")).isFalse();
        assertThat(answers.get(2).getInt("id")).isEqualTo(3);
        assertThat(answers.get(2).getJsonObject("result").getJsonObject("structuredContent").toString())
                .contains("stdio likes 0.5% slippage");
        // the process's tenant and actor are the ones the write is stored under
        assertThat(backend.memories.list(Tenant.of("acme"), Optional.empty(), Optional.empty()))
                .singleElement().satisfies(m -> assertThat(m.updatedBy().id()).isEqualTo("desktop-agent"));
        assertThat(backend.memories.list(Tenant.of("globex"), Optional.empty(), Optional.empty())).isEmpty();
    }

    @Test
    void hostile_lines_are_json_rpc_errors_and_the_loop_goes_on() {
        List<JsonObject> answers = run(Tenant.of("acme"), 2_000,
                "{not json",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
                "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"no/such\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":[1]}",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(5_000) + "\"}}",
                "{\"jsonrpc\":\"2.0\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":1}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");

        // the client's response (id 5, a result) is not answered; every other line is, in order
        assertThat(answers).extracting(a -> a.containsKey("error") ? a.getJsonObject("error").getInt("code") : 0)
                .containsExactly(-32700, -32600, -32600, -32601, -32602, -32600, -32600, -32600, 0);
        assertThat(answers.get(7).getInt("id")).isEqualTo(8);
        assertThat(answers.get(8).getInt("id")).isEqualTo(7);
    }
}
