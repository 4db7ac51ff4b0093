package dev.strata.adapters.http;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stdio transport driven by the official MCP Java SDK's {@link StdioClientTransport}, which launches
 * the server as a child process and speaks newline-delimited JSON-RPC on its stdin/stdout, as desktop
 * clients do. (The real {@code strata mcp} command is launched in bootstrap's McpStdioProcessTest.)
 */
class McpSdkStdioTest {

    @Test
    void the_sdk_stdio_client_initializes_lists_tools_writes_searches_and_reads_the_context() {
        ServerParameters server = ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString())
                .args("-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                        McpStdioMain.class.getName(), "acme")
                .build();
        StdioClientTransport transport = new StdioClientTransport(server, McpJsonDefaults.getMapper());
        try (McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(60)).build()) {
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.serverInfo().name()).isEqualTo("strata");

            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                    .contains("memory_write", "memory_search");
            McpSchema.CallToolResult written = client.callTool(new McpSchema.CallToolRequest("memory_write",
                    Map.of("category", "lesson", "content", "stdio sdk: trail BTC stops by 8%")));
            assertThat(written.isError()).isFalse();
            assertThat(written.structuredContent().toString()).contains("sdk-stdio");

            McpSchema.CallToolResult found = client.callTool(new McpSchema.CallToolRequest("memory_search",
                    Map.of("query", "BTC stops")));
            assertThat(found.structuredContent().toString()).contains("stdio sdk: trail BTC stops by 8%");

            McpSchema.CallToolResult refused = client.callTool(new McpSchema.CallToolRequest("memory_write",
                    Map.of("category", "lesson")));
            assertThat(refused.isError()).isTrue();

            McpSchema.ReadResourceResult context = client.readResource(
                    new McpSchema.ReadResourceRequest("strata://memory/context"));
            assertThat(((McpSchema.TextResourceContents) context.contents().getFirst()).text())
                    .contains("<memory-context>", "trail BTC stops by 8%");
        }
    }
}
