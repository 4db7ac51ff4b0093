package dev.strata.bootstrap;

import dev.strata.bootstrap.cli.McpBridge;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.domain.memory.Tenant;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code strata mcp --url --key}: a stdio session relayed to a real server's {@code /mcp} on 127.0.0.1. */
class McpBridgeTest {

    private static final UnaryOperator<StrataSettings> REQUIRE_AUTH =
            s -> s.with(new ServerSettings(s.server().gateway().withRequireAuth(true)));

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.startedByTest();
    private static String acmeKey;
    private static String otherKey;

    @BeforeAll
    static void start_with_two_tenants_keys() {
        try (StrataCore core = server.open(REQUIRE_AUTH)) {
            acmeKey = core.access().access().create(Tenant.of("acme"), false, TestActors.OPERATOR_ACTOR).token()
                    .value();
            otherKey = core.access().access().create(Tenant.of("other"), false, TestActors.OPERATOR_ACTOR).token()
                    .value();
        }
        server.start(REQUIRE_AUTH);
    }

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    private static List<JsonObject> bridge(Optional<String> key, Optional<String> tenant, String url, String... lines)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new McpBridge(McpBridge.endpoint(url), key, tenant, Optional.of("bridge-test"), HttpClient.newHttpClient())
                .run(new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), out);
        return out.toString(StandardCharsets.UTF_8).lines().map(McpBridgeTest::parse).toList();
    }

    /** Every stdout line must be one JSON-RPC message. */
    private static JsonObject parse(String line) {
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            JsonObject message = reader.readObject();
            assertThat(message.getString("jsonrpc")).isEqualTo("2.0");
            return message;
        }
    }

    private static String base() {
        return "http://127.0.0.1:" + server.port();
    }

    @Test
    void a_session_through_the_bridge_writes_and_finds_in_the_key_s_tenant_only() throws Exception {
        List<JsonObject> answers = bridge(Optional.of(acmeKey), Optional.empty(), base(), INITIALIZE, INITIALIZED,
                call(2, "memory_write", "{\"category\":\"preference\",\"content\":\"bridge prefers limit orders\"}"),
                call(3, "memory_search", "{\"query\":\"limit orders\"}"));

        assertThat(answers).extracting(a -> a.getInt("id")).containsExactly(1, 2, 3);
        assertThat(answers.get(0).getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-06-18");
        assertThat(answers.get(1).getJsonObject("result").getBoolean("isError", false)).isFalse();
        assertThat(answers.get(2).getJsonObject("result").toString()).contains("bridge prefers limit orders");

        List<JsonObject> other = bridge(Optional.of(otherKey), Optional.empty(), base(), INITIALIZE, INITIALIZED,
                call(2, "memory_search", "{\"query\":\"limit orders\"}"));
        assertThat(other).extracting(a -> a.getInt("id")).containsExactly(1, 2);
        assertThat(other.get(1).getJsonObject("result").toString()).doesNotContain("bridge prefers");
    }

    @Test
    void a_bad_key_is_a_json_rpc_error_naming_the_http_refusal_and_a_notification_gets_none() throws Exception {
        List<JsonObject> answers = bridge(Optional.of("sk_bad"), Optional.empty(), base(), INITIALIZE, INITIALIZED);

        assertThat(answers).hasSize(1);
        assertThat(answers.get(0).getInt("id")).isEqualTo(1);
        assertThat(answers.get(0).getJsonObject("error").getInt("code")).isEqualTo(McpBridge.TRANSPORT_ERROR);
        assertThat(answers.get(0).getJsonObject("error").getString("message")).contains("HTTP 401");
    }

    @Test
    void a_foreign_tenant_is_refused_by_the_server() throws Exception {
        List<JsonObject> answers = bridge(Optional.of(acmeKey), Optional.of("other"), base(), INITIALIZE);

        assertThat(answers).hasSize(1);
        assertThat(answers.get(0).getJsonObject("error").getString("message")).contains("HTTP 403");
    }

    @Test
    void a_server_that_cannot_be_reached_answers_each_request_with_an_error() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        List<JsonObject> answers = bridge(Optional.of(acmeKey), Optional.empty(), "http://127.0.0.1:" + closedPort,
                INITIALIZE, call(2, "memory_search", "{\"query\":\"x\"}"));

        assertThat(answers).extracting(a -> a.getInt("id")).containsExactly(1, 2);
        assertThat(answers.get(1).getJsonObject("error").getString("message")).contains("cannot reach");
    }

    @Test
    void the_url_may_name_the_endpoint_or_its_base_and_must_be_http() {
        assertThat(McpBridge.endpoint("http://127.0.0.1:8420/")).isEqualTo(URI.create("http://127.0.0.1:8420/mcp"));
        assertThat(McpBridge.endpoint("http://127.0.0.1:8420/mcp")).isEqualTo(URI.create("http://127.0.0.1:8420/mcp"));
        assertThatThrownBy(() -> McpBridge.endpoint("ftp://example")).isInstanceOf(IllegalArgumentException.class);
    }
}
