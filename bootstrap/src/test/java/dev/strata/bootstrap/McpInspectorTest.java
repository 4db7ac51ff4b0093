package dev.strata.bootstrap;

import dev.strata.bootstrap.server.ServerSettings;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Both MCP transports driven end to end by a client nobody here wrote: the npm package
 * {@code @modelcontextprotocol/inspector-cli} (pinned), through {@code npx}. Over Streamable HTTP against the
 * real server with API keys required, and over stdio against {@code strata mcp} launched as the inspector
 * launches any stdio server. Without npm on the machine the test is skipped, except in CI ({@code CI=true}),
 * where it fails: CI must run it (as {@code OpenApiLintTest} does for the OpenAPI linter).
 */
class McpInspectorTest {

    /** Pinned so a new release cannot turn the build red overnight; .ci/run fetches the same version. */
    static final String INSPECTOR = "@modelcontextprotocol/inspector-cli@1.0.3";

    private static final UnaryOperator<StrataSettings> REQUIRE_AUTH =
            s -> s.with(new ServerSettings(s.server().gateway().withRequireAuth(true)));

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.startedByTest();
    private static String key;

    private record Ran(int exit, String stdout, String stderr) {
        JsonObject json() {
            int start = stdout.indexOf('{');
            assertThat(start).as("no JSON in the inspector's output: %s\n%s", stdout, stderr).isGreaterThanOrEqualTo(0);
            try (JsonReader reader = Json.createReader(new StringReader(stdout.substring(start)))) {
                return reader.readObject();
            }
        }
    }

    @BeforeAll
    static void startWithAKey() throws Exception {
        boolean npx = onPath("npx");
        if (!npx && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("npx (npm) is required in CI to run the MCP inspector end-to-end test");
        }
        assumeTrue(npx, "npx is not on the PATH: the MCP inspector end-to-end test runs where npm is installed");
        try (StrataCore core = server.open(REQUIRE_AUTH)) {
            key = core.access().access().create(dev.strata.domain.memory.Tenant.of("acme"), false,
                    TestActors.OPERATOR_ACTOR).token().value();
        }
        server.start(REQUIRE_AUTH);
    }

    private static Ran inspector(List<String> target, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("npx", "--yes", INSPECTOR, "--cli"));
        command.addAll(target);
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(workingDirectory().toFile()).start();
        process.getOutputStream().close();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        String out = read(process.getInputStream());
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the inspector finishes").isTrue();
        return new Ran(process.exitValue(), out, err.get(1, TimeUnit.MINUTES));
    }

    /**
     * inspector-cli 1.0.3 finds its own package.json by testing {@code ../package.json} against the working
     * directory but importing it relative to its module: run from a directory with none above it, it looks
     * for the monorepo's and dies ("Cannot find module .../@modelcontextprotocol/package.json"). A placeholder
     * one level up makes the test pass its check; the file it then imports is its own.
     */
    private static Path workingDirectory() throws IOException {
        Path base = Files.createDirectories(server.directory().resolve("inspector"));
        if (!Files.exists(base.resolve("package.json"))) {
            Files.writeString(base.resolve("package.json"), "{\"private\":true}\n");
        }
        return Files.createDirectories(base.resolve("cwd"));
    }

    private static List<String> http(String token) {
        return List.of("http://127.0.0.1:" + server.port() + "/mcp", "--transport", "http",
                "--header", "Authorization: Bearer " + token);
    }

    @Test
    void over_http_the_inspector_lists_the_tools_writes_searches_and_reads_the_context_with_a_key() throws Exception {
        Ran tools = inspector(http(key), "--method", "tools/list");
        assertThat(tools.exit()).as(tools.stderr()).isZero();
        assertThat(tools.json().getJsonArray("tools").toString()).contains("\"memory_write\"", "\"memory_search\"",
                "\"inputSchema\"");

        Ran written = inspector(http(key), "--method", "tools/call", "--tool-name", "memory_write",
                "--tool-arg", "category=preference", "--tool-arg", "content=the inspector likes 0.5% slippage");
        assertThat(written.exit()).as(written.stderr()).isZero();
        assertThat(written.json().getBoolean("isError")).as(written.stdout()).isFalse();

        Ran found = inspector(http(key), "--method", "tools/call", "--tool-name", "memory_search",
                "--tool-arg", "query=slippage");
        assertThat(found.json().getJsonObject("structuredContent").toString())
                .contains("the inspector likes 0.5% slippage");

        Ran refused = inspector(http(key), "--method", "tools/call", "--tool-name", "memory_write",
                "--tool-arg", "category=lesson", "--tool-arg", "content=");
        assertThat(refused.stdout() + refused.stderr()).contains("content");

        Ran context = inspector(http(key), "--method", "resources/read", "--uri", "strata://memory/context");
        assertThat(context.json().getJsonArray("contents").getJsonObject(0).getString("text"))
                .contains("<memory-context>", "the inspector likes 0.5% slippage");
    }

    @Test
    void over_http_a_bad_key_is_refused() throws Exception {
        Ran refused = inspector(http("sk_not_a_real_key"), "--method", "tools/list");

        assertThat(refused.exit()).isNotZero();
        assertThat(refused.stdout()).doesNotContain("memory_write");
        assertThat(refused.stderr()).contains("401");
    }

    @Test
    void over_stdio_the_inspector_drives_strata_mcp_on_its_own_data_directory() throws Exception {
        // the inspector spawns one command: a script that starts `strata mcp` on this test's classpath
        Path dir = Files.createDirectories(server.directory().resolve("stdio"));
        Path script = dir.resolve("strata-mcp.sh");
        Files.writeString(script, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' --enable-native-access=ALL-UNNAMED -XX:TieredStopAtLevel=1 -Xmx256m -cp '"
                + System.getProperty("java.class.path") + "' dev.strata.bootstrap.cli.Main mcp --data-dir '"
                + dir.resolve("data") + "' --workspace '" + dir.resolve("workspace") + "' --tenant desk\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));

        Ran written = inspector(List.of(script.toString()), "--method", "tools/call", "--tool-name", "memory_write",
                "--tool-arg", "category=lesson", "--tool-arg", "content=stdio: trail BTC stops by 8%");
        assertThat(written.exit()).as(written.stderr()).isZero();
        assertThat(written.json().getBoolean("isError")).as(written.stdout()).isFalse();

        Ran tools = inspector(List.of(script.toString()), "--method", "tools/list");
        assertThat(tools.json().getJsonArray("tools").toString()).contains("\"memory_write\"");
        Ran context = inspector(List.of(script.toString()), "--method", "resources/read",
                "--uri", "strata://memory/context");
        assertThat(context.json().getJsonArray("contents").getJsonObject(0).getString("text"))
                .contains("stdio: trail BTC stops by 8%");
    }

    private static String read(java.io.InputStream stream) {
        try {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean onPath(String command) throws IOException, InterruptedException {
        Process which = new ProcessBuilder("sh", "-c", "command -v " + command).start();
        return which.waitFor(10, TimeUnit.SECONDS) && which.exitValue() == 0;
    }
}
