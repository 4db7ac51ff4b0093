package dev.strata.adapters.http;

import dev.strata.application.access.IssuedKey;
import dev.strata.application.tool.ToolDefinition;
import dev.strata.domain.memory.Tenant;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code /mcp} driven by a client nobody here wrote: the official MCP Java SDK's {@link McpSyncClient} over
 * its Streamable HTTP transport, against the real gateway on 127.0.0.1 with authentication on.
 */
class McpSdkClientTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();

    private static IssuedKey acme;
    private static IssuedKey globex;

    @BeforeAll
    static void issueKeys() {
        acme = gateway.backend().access.create(Tenant.of("acme"), false, TestWrites.OPERATOR_ACTOR);
        globex = gateway.backend().access.create(Tenant.of("globex"), false, TestWrites.OPERATOR_ACTOR);
    }

    private static McpSyncClient client(String token, Map<String, String> headers) {
        Consumer<java.net.http.HttpRequest.Builder> auth = request -> {
            request.header("Authorization", "Bearer " + token);
            headers.forEach(request::header);
        };
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
                .builder("http://127.0.0.1:" + gateway.port())
                .endpoint("/mcp")
                .customizeRequest(auth)
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(20))
                .initializationTimeout(Duration.ofSeconds(20)).build();
    }

    private static McpSyncClient client(IssuedKey key) {
        return client(key.token().value(), Map.of());
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().getFirst()).text();
    }

    @Test
    void the_sdk_initializes_and_lists_every_registry_tool_with_its_schema() {
        try (McpSyncClient client = client(acme)) {
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.serverInfo().name()).isEqualTo("strata");
            assertThat(init.capabilities().tools()).isNotNull();

            var tools = client.listTools().tools();
            var registered = gateway.backend().tools.tools();
            assertThat(tools).extracting(McpSchema.Tool::name)
                    .containsExactlyElementsOf(registered.stream().map(ToolDefinition::name).toList());
            McpSchema.Tool write = tools.stream().filter(t -> t.name().equals("memory_write")).findFirst().orElseThrow();
            assertThat(write.inputSchema().properties()).containsKeys("category", "content");
            assertThat(write.inputSchema().required()).contains("content");
            client.ping();
        }
    }

    @Test
    void a_write_then_a_search_answer_the_rest_envelope_and_another_tenant_sees_nothing() {
        try (McpSyncClient client = client(acme); McpSyncClient other = client(globex)) {
            client.initialize();
            McpSchema.CallToolResult written = call(client, "memory_write",
                    Map.of("category", "preference", "content", "the sdk client likes 0.5% slippage"));
            assertThat(written.isError()).isFalse();
            assertThat(text(written)).contains("\"ok\":true").contains("the sdk client likes 0.5% slippage");

            McpSchema.CallToolResult found = call(client, "memory_search", Map.of("query", "slippage"));
            assertThat(found.isError()).isFalse();
            assertThat(found.structuredContent().toString()).contains("the sdk client likes 0.5% slippage");

            other.initialize();
            McpSchema.CallToolResult foreign = call(other, "memory_search", Map.of("query", "slippage"));
            assertThat(foreign.isError()).isFalse();
            assertThat(foreign.structuredContent().toString()).doesNotContain("sdk client likes");
        }
    }

    @Test
    void a_refusal_is_is_error_with_the_envelopes_message_naming_the_field() {
        try (McpSyncClient client = client(acme)) {
            client.initialize();
            McpSchema.CallToolResult refused = call(client, "memory_write", Map.of("category", "lesson", "content", ""));
            assertThat(refused.isError()).isTrue();
            assertThat(text(refused)).contains("content");
            @SuppressWarnings("unchecked")
            Map<String, Object> envelope = (Map<String, Object>) refused.structuredContent();
            assertThat(envelope).containsEntry("ok", false).containsEntry("field", "content");
        }
    }

    @Test
    void resources_read_the_context_block_identical_to_rest() {
        try (McpSyncClient client = client(acme)) {
            client.initialize();
            call(client, "memory_write", Map.of("category", "lesson", "content", "always hedge the yen exposure"));
            assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri)
                    .containsExactly("strata://memory/context");
            assertThat(client.listResourceTemplates().resourceTemplates())
                    .extracting(McpSchema.ResourceTemplate::uriTemplate).containsExactly("strata://sessions/{id}/prompt");

            McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest("strata://memory/context"));
            String rest = gateway.request("GET", "/v1/snapshot").bearer(acme.token().value()).send().assertStatus(200).text();
            assertThat(((McpSchema.TextResourceContents) read.contents().getFirst()).text())
                    .isEqualTo(rest).contains("always hedge the yen exposure");

            assertThatThrownBy(() -> client.readResource(new McpSchema.ReadResourceRequest("file:///etc/passwd")))
                    .hasMessageContaining("no resource");
        }
    }

    // The SDK reports a refused HTTP exchange without its status ("Failed to send message"); the statuses
    // themselves (401 with WWW-Authenticate, 403) are asserted on the raw exchange in McpHttpTest.
    @Test
    void a_bad_key_cannot_initialize() {
        try (McpSyncClient client = client("sk_not_a_real_key", Map.of())) {
            assertThatThrownBy(client::initialize).hasMessageContaining("failed to initialize");
            assertThat(client.isInitialized()).isFalse();
        }
    }

    @Test
    void a_key_naming_a_foreign_tenant_cannot_initialize_nor_write_there() {
        try (McpSyncClient client = client(acme.token().value(), Map.of("X-Strata-Tenant", "globex"))) {
            assertThatThrownBy(client::initialize).hasMessageContaining("failed to initialize");
            assertThatThrownBy(() -> call(client, "memory_write", Map.of("category", "lesson", "content", "planted")));
        }
        assertThat(gateway.backend().memories.list(Tenant.of("globex"), Optional.empty(), Optional.empty()))
                .extracting(m -> m.content()).doesNotContain("planted");
    }
}
