package dev.strata.adapters.http;

import dev.strata.adapters.http.support.JsonTree;
import dev.strata.application.access.IssuedKey;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code /mcp}: JSON-RPC over the real gateway socket with authentication on. */
class McpHttpTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();

    private static IssuedKey acme;
    private static IssuedKey globex;

    @BeforeAll
    static void issueKeys() {
        acme = gateway.backend().access.create(Tenant.of("acme"), false, TestWrites.OPERATOR_ACTOR);
        globex = gateway.backend().access.create(Tenant.of("globex"), false, TestWrites.OPERATOR_ACTOR);
    }

    private static HttpReply post(IssuedKey key, String session, String body, String... headers) {
        GatewayExtension.Request request = gateway.request("POST", "/mcp").bearer(key.token().value())
                .header("Accept", "application/json, text/event-stream");
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request.json(body).send();
    }

    private static String initialize(IssuedKey key) {
        HttpReply reply = post(key, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")
                .assertJson(200);
        return reply.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    private static JsonObject call(IssuedKey key, String session, String method, String params) {
        return post(key, session, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .assertJson(200).json();
    }

    @Test
    void initialize_echoes_a_supported_protocol_version_and_opens_a_session() {
        HttpReply reply = post(acme, null, "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-03-26\"}}").assertJson(200);
        assertThat(reply.json().getString("id")).isEqualTo("a");
        assertThat(reply.json().getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-03-26");
        assertThat(reply.json().getJsonObject("result").getJsonObject("capabilities").containsKey("tools")).isTrue();
        assertThat(reply.headers().firstValue("Mcp-Session-Id")).isPresent();

        HttpReply future = post(acme, null, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2099-01-01\"}}").assertJson(200);
        assertThat(future.json().getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-06-18");
    }

    @Test
    void tools_list_serves_every_registry_tool_with_its_schema_and_description() {
        String session = initialize(acme);
        List<JsonObject> tools = call(acme, session, "tools/list", "{}").getJsonObject("result")
                .getJsonArray("tools").getValuesAs(JsonObject.class);

        List<ToolDefinition> registered = gateway.backend().tools.tools();
        assertThat(tools).extracting(t -> t.getString("name"))
                .containsExactlyElementsOf(registered.stream().map(ToolDefinition::name).toList());
        for (int i = 0; i < tools.size(); i++) {
            assertThat(tools.get(i).getString("description")).isEqualTo(registered.get(i).description());
            assertThat(tools.get(i).getJsonObject("inputSchema"))
                    .isEqualTo(JsonTree.toJsonObject(registered.get(i).input().toJson()));
        }
    }

    @Test
    void memory_write_then_memory_search_answer_the_rest_envelope() {
        String session = initialize(acme);
        JsonObject written = call(acme, session, "tools/call", "{\"name\":\"memory_write\",\"arguments\":"
                + "{\"category\":\"lesson\",\"content\":\"zebra migration crosses the river\"}}").getJsonObject("result");
        assertThat(written.getBoolean("isError")).isFalse();
        assertThat(written.getJsonObject("structuredContent").getBoolean("ok")).isTrue();
        assertThat(written.getJsonArray("content").getJsonObject(0).getString("text")).contains("\"ok\":true");

        JsonObject found = call(acme, session, "tools/call", "{\"name\":\"memory_search\",\"arguments\":"
                + "{\"query\":\"zebra\"}}").getJsonObject("result");
        assertThat(found.getBoolean("isError")).isFalse();
        assertThat(found.getJsonObject("structuredContent").toString()).contains("zebra migration crosses the river");

        // another tenant's search over MCP does not see it
        String other = initialize(globex);
        JsonObject foreign = call(globex, other, "tools/call", "{\"name\":\"memory_search\",\"arguments\":"
                + "{\"query\":\"zebra\"}}").getJsonObject("result");
        assertThat(foreign.getJsonObject("structuredContent").toString()).doesNotContain("zebra migration");
    }

    @Test
    void a_tool_refusal_is_is_error_with_the_envelope_message_naming_the_field() {
        String session = initialize(acme);
        JsonObject refused = call(acme, session, "tools/call", "{\"name\":\"memory_write\",\"arguments\":"
                + "{\"category\":\"lesson\",\"content\":\"x\",\"bogus\":1}}").getJsonObject("result");
        assertThat(refused.getBoolean("isError")).isTrue();
        assertThat(refused.getJsonObject("structuredContent").getString("field")).isEqualTo("bogus");
        assertThat(refused.getJsonArray("content").getJsonObject(0).getString("text"))
                .isEqualTo(refused.getJsonObject("structuredContent").getString("error"));
    }

    @Test
    void no_key_is_401_and_a_foreign_tenant_header_is_403() {
        HttpReply none = gateway.request("POST", "/mcp").json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}").send();
        assertThat(none.status()).isEqualTo(401);
        HttpReply foreign = post(acme, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}",
                "X-Strata-Tenant", "globex");
        assertThat(foreign.status()).isEqualTo(403);
    }

    @Test
    void a_session_of_another_tenant_is_refused_as_unknown() {
        String acmeSession = initialize(acme);
        HttpReply reply = post(globex, acmeSession, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.json().getJsonObject("error").getInt("code")).isEqualTo(-32600);
        assertThat(reply.text()).doesNotContain("memory_write");
    }

    @Test
    void a_request_without_a_session_is_refused_and_ping_answers_within_one() {
        HttpReply missing = post(acme, null, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().getJsonObject("error").getString("message")).contains("Mcp-Session-Id");
        String session = initialize(acme);
        assertThat(call(acme, session, "ping", "{}").getJsonObject("result")).isEmpty();
    }

    @Test
    void hostile_messages_get_json_rpc_errors_never_a_5xx() {
        String session = initialize(acme);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":1,"), 400, -32700);
        assertError(post(acme, session, "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]"), 400, -32600);
        assertError(post(acme, session, "42"), 400, -32700);
        assertError(post(acme, session, "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}"), 400, -32600);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}"), 400, -32600);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/destroy\"}"), 200, -32601);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":[1]}"),
                400, -32602);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"no_such_tool\"}}"), 200, -32602);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"memory_write\",\"arguments\":\"x\"}}"), 200, -32602);
        String nested = "[".repeat(5000) + "]".repeat(5000);
        assertThat(post(acme, session, nested).status()).isLessThan(500);

        String huge = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_write\","
                + "\"arguments\":{\"category\":\"lesson\",\"content\":\"" + "a".repeat(400_000) + "\"}}}";
        HttpReply oversized = post(acme, session, huge);
        assertThat(oversized.status()).isEqualTo(413);
    }

    @Test
    void a_notification_is_accepted_without_an_answer() {
        String session = initialize(acme);
        HttpReply reply = post(acme, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertThat(reply.status()).isEqualTo(202);
        assertThat(reply.body()).isEmpty();
    }

    @Test
    void a_foreign_origin_is_refused_and_loopback_is_accepted() {
        HttpReply evil = post(acme, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}",
                "Origin", "http://evil.example");
        assertThat(evil.status()).isEqualTo(403);
        assertThat(evil.json().getJsonObject("error").getString("message")).contains("Origin");
        HttpReply local = post(acme, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}",
                "Origin", "http://localhost:6274");
        assertThat(local.status()).isEqualTo(200);
    }

    @Test
    void get_is_405_and_delete_ends_the_session() {
        HttpReply get = gateway.request("GET", "/mcp").bearer(acme.token().value()).send();
        assertThat(get.status()).isEqualTo(405);
        String session = initialize(acme);
        HttpReply ended = gateway.request("DELETE", "/mcp").bearer(acme.token().value())
                .header("Mcp-Session-Id", session).send();
        assertThat(ended.status()).isEqualTo(200);
        assertThat(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}").status()).isEqualTo(404);
    }

    @Test
    void resources_serve_the_context_block_and_a_session_prompt_of_the_own_tenant_only() {
        String session = initialize(acme);
        call(acme, session, "tools/call", "{\"name\":\"memory_write\",\"arguments\":"
                + "{\"category\":\"lesson\",\"content\":\"always hedge the yen exposure\"}}");
        JsonObject listed = call(acme, session, "resources/list", "{}").getJsonObject("result");
        assertThat(listed.getJsonArray("resources").getJsonObject(0).getString("uri")).isEqualTo("strata://memory/context");

        JsonObject context = call(acme, session, "resources/read", "{\"uri\":\"strata://memory/context\"}")
                .getJsonObject("result").getJsonArray("contents").getJsonObject(0);
        String rest = gateway.request("GET", "/v1/snapshot").bearer(acme.token().value()).send().assertStatus(200).text();
        assertThat(context.getString("text")).isEqualTo(rest).contains("memory-context");

        String started = gateway.request("POST", "/v1/sessions").bearer(acme.token().value()).json("{}").send()
                .assertStatus(201).json().getString("id");
        String uri = "strata://sessions/" + started + "/prompt";
        JsonObject prompt = call(acme, session, "resources/read", "{\"uri\":\"" + uri + "\"}")
                .getJsonObject("result").getJsonArray("contents").getJsonObject(0);
        String restPrompt = gateway.request("GET", "/v1/sessions/" + started + "/prompt").bearer(acme.token().value())
                .send().assertStatus(200).text();
        assertThat(prompt.getString("text")).isEqualTo(restPrompt);

        String other = initialize(globex);
        assertError(post(globex, other, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\","
                + "\"params\":{\"uri\":\"" + uri + "\"}}"), 200, -32002);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\","
                + "\"params\":{\"uri\":\"file:///etc/passwd\"}}"), 200, -32002);
        assertError(post(acme, session, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\","
                + "\"params\":{\"uri\":\"strata://sessions/..%2F/prompt\"}}"), 200, -32602);
    }

    private static void assertError(HttpReply reply, int status, int code) {
        assertThat(reply.status()).as(reply.text()).isEqualTo(status);
        assertThat(reply.json().getJsonObject("error").getInt("code")).as(reply.text()).isEqualTo(code);
    }
}
