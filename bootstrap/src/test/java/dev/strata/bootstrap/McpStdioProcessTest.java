package dev.strata.bootstrap;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code strata mcp} as a desktop client runs it: a child JVM on a data directory, newline-delimited
 * JSON-RPC written to its stdin, answers read from its stdout, which must carry nothing but protocol
 * messages (start-up and logs go to stderr).
 */
class McpStdioProcessTest {

    @TempDir
    Path dir;

    private record Ran(int exit, List<JsonObject> answers, String stdout, String stderr) {
    }

    private Ran strataMcp(Map<String, String> env, List<String> lines, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), "dev.strata.bootstrap.cli.Main", "mcp",
                "--data-dir", dir.resolve("data").toString(), "--workspace", dir.resolve("workspace").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        Process process = builder.start();
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
        try (OutputStream in = process.getOutputStream()) {
            for (String line : lines) {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            }
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("strata mcp ends at the end of its input").isTrue();
        String out = stdout.get(10, TimeUnit.SECONDS);
        return new Ran(process.exitValue(), out.lines().map(McpStdioProcessTest::parse).toList(), out,
                stderr.get(10, TimeUnit.SECONDS));
    }

    private static String read(java.io.InputStream stream) {
        try {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every stdout line must be a JSON-RPC message: a stray log line fails here. */
    private static JsonObject parse(String line) {
        try (JsonReader reader = Json.createReader(new StringReader(line))) {
            JsonObject message = reader.readObject();
            assertThat(message.getString("jsonrpc")).isEqualTo("2.0");
            return message;
        }
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    @Test
    void a_desktop_session_writes_in_its_tenant_and_a_later_process_finds_it_there_only() throws Exception {
        Ran first = strataMcp(Map.of(), List.of(INITIALIZE, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                call(3, "memory_write", "{\"category\":\"preference\",\"content\":\"desktop user likes 0.5% slippage\"}"),
                call(4, "memory_write", "{\"category\":\"lesson\",\"content\":\"\"}"),
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/read\",\"params\":{\"uri\":\"strata://memory/context\"}}",
                "{broken json",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}"), "--tenant", "acme");

        assertThat(first.exit()).as(first.stderr()).isZero();
        assertThat(first.stderr()).contains("serving tenant 'acme'");
        assertThat(first.answers()).as(first.stdout()).hasSize(7);
        assertThat(first.answers().get(0).getJsonObject("result").getString("protocolVersion")).isEqualTo("2025-06-18");
        assertThat(first.answers().get(1).getJsonObject("result").getJsonArray("tools").toString())
                .contains("\"memory_write\"", "\"memory_search\"", "\"inputSchema\"");
        JsonObject written = first.answers().get(2).getJsonObject("result");
        assertThat(written.getBoolean("isError")).isFalse();
        assertThat(written.getJsonObject("structuredContent").toString()).contains("\"updated_by\":\"mcp-stdio\"");
        JsonObject refused = first.answers().get(3).getJsonObject("result");
        assertThat(refused.getBoolean("isError")).isTrue();
        assertThat(refused.getJsonObject("structuredContent").getString("field")).isEqualTo("content");
        assertThat(first.answers().get(4).getJsonObject("result").getJsonArray("contents").getJsonObject(0)
                .getString("text")).contains("<memory-context>", "desktop user likes 0.5% slippage");
        assertThat(first.answers().get(5).getJsonObject("error").getInt("code")).isEqualTo(-32700);
        assertThat(first.answers().get(6).getInt("id")).isEqualTo(6);

        String search = call(2, "memory_search", "{\"query\":\"slippage\"}");
        Ran foreign = strataMcp(Map.of("STRATA_TENANT", "globex"), List.of(INITIALIZE, search));
        Ran own = strataMcp(Map.of("STRATA_TENANT", "acme"), List.of(INITIALIZE, search));

        assertThat(foreign.answers().get(1).getJsonObject("result").getJsonObject("structuredContent").toString())
                .doesNotContain("desktop user likes");
        assertThat(own.answers().get(1).getJsonObject("result").getJsonObject("structuredContent").toString())
                .contains("desktop user likes 0.5% slippage");
    }

    @Test
    void a_malformed_tenant_is_a_usage_error_on_stderr_with_nothing_on_stdout() throws Exception {
        Ran ran = strataMcp(Map.of(), List.of(INITIALIZE), "--tenant", "Not A Slug!");

        assertThat(ran.exit()).isEqualTo(2);
        assertThat(ran.stdout()).isEmpty();
        assertThat(ran.stderr()).contains("tenant");
    }

    @Test
    void an_actor_holding_a_vault_secret_is_refused_at_start_without_repeating_it() throws Exception {
        String secret = "tok-5e4d3c2b1a09";
        Ran set = strataMcp(Map.of(), List.of(INITIALIZE, INITIALIZED, call(2, "vault_set",
                "{\"key\":\"BROKER\",\"value\":\"" + secret + "\",\"is_secret\":true}")));
        assertThat(set.exit()).isZero();

        Ran ran = strataMcp(Map.of(), List.of(INITIALIZE), "--actor", "desk-" + secret);

        assertThat(ran.exit()).isEqualTo(2);
        assertThat(ran.stdout()).isEmpty();
        assertThat(ran.stderr()).contains("actor").doesNotContain(secret);
    }
}
