package dev.strata.bootstrap;

import dev.strata.bootstrap.session.SessionSettings;
import dev.strata.bootstrap.session.WorkspaceSettings;
import dev.strata.domain.MutableClock;
import dev.strata.domain.workspace.WorkspaceLimits;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.StringReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code strata serve --workspace DIR} pointed at a directory laid out like an OpenClaw workspace
 * (spec 04 "Workspace files"), over a real socket and a real SQLite file: the documented blocks,
 * BOOTSTRAP once, frozen prompts under concurrent writes, ground-truth precedence, tenant scope,
 * expiry, and 4xx for bad input.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorkspaceSessionEndToEndTest {

    private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");
    private static final LocalDate TODAY = LocalDate.ofInstant(START, ZoneOffset.UTC);
    private static final Duration TTL = Duration.ofMinutes(60);

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.startedByTest();

    private static Path workspace;
    private static MutableClock clock;

    @BeforeAll
    static void start() throws IOException {
        workspace = Files.createDirectories(server.directory().resolve("openclaw-workspace"));
        write("SOUL.md", "# SOUL.md\n\nYou are Kestrel, a careful trading assistant.\n");
        write("AGENTS.md", "# AGENTS.md\n\nRead USER.md first. Ask before any trade.\n");
        write("IDENTITY.md", "# IDENTITY.md\n\n- **Name:** Kestrel\n- **Vibe:** calm, precise\n- **Emoji:** \uD83E\uDD85\n");
        write("USER.md", "# USER.md\n\n- **Name:** Ada\n- risk_tolerance: conservative\n");
        write("MEMORY.md", "# MEMORY.md\n\n- Ada holds ETH long term\n");
        write("TOOLS.md", "# TOOLS.md\n\nssh trading-box.local as ada\n");
        write("BOOTSTRAP.md", "# BOOTSTRAP.md\n\nIntroduce yourself and ask the user's name.\n");
        write("HEARTBEAT.md", "# HEARTBEAT.md\n\nlast run: yesterday\n");
        write("memory/" + TODAY + ".md", "- note of today: bought 0.1 ETH\n");
        write("memory/" + TODAY.minusDays(1) + ".md", "- note of yesterday: asked about staking\n");
        write("memory/" + TODAY.minusDays(2) + ".md", "- note of two days ago: checked gas\n");
        write("memory/" + TODAY.minusDays(5) + ".md", "- note of five days ago: too old\n");
        // An escape attempt inside the window: the note for three days ago links outside the workspace.
        Path outside = Files.writeString(server.directory().resolve("secret.md"), "- outside secret\n");
        Files.createSymbolicLink(workspace.resolve("memory/" + TODAY.minusDays(3) + ".md"), outside);

        clock = new MutableClock(START);
        server.start(s -> s
                .with(new WorkspaceSettings(workspace, new WorkspaceLimits(
                        WorkspaceLimits.DEFAULT_MAX_FILE_CHARS, WorkspaceLimits.DEFAULT_MAX_TOTAL_CHARS,
                        WorkspaceLimits.DEFAULT_MAX_FILE_BYTES, 4)))
                .with(new SessionSettings(TTL, Duration.ofMinutes(30))), clock);
    }

    private static void write(String name, String text) throws IOException {
        Path file = workspace.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static HttpResponse<String> send(String method, String path, String body, String tenant)
            throws IOException, InterruptedException {
        return server.http().send(request(method, path, body, tenant), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(String method, String path, String body, String tenant) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.http().uri(path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (tenant != null) {
            b.header("X-Strata-Tenant", tenant);
        }
        return b.build();
    }

    private static byte[] promptBytes(String id, String tenant) throws IOException, InterruptedException {
        HttpResponse<byte[]> res = server.http().send(request("GET", "/v1/sessions/" + id + "/prompt", null, tenant),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(res.statusCode()).isEqualTo(200);
        assertThat(res.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        return res.body();
    }

    /** The expected prompt, byte for byte: the same workspace and store always render these bytes. */
    private static String golden(String name) throws IOException {
        try (var in = WorkspaceSessionEndToEndTest.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JsonObject json(HttpResponse<String> res) {
        return Json.createReader(new StringReader(res.body())).readObject();
    }

    private static JsonObject startSession(String tenant) throws IOException, InterruptedException {
        HttpResponse<String> res = send("POST", "/v1/sessions", null, tenant);
        assertThat(res.statusCode()).as(res.body()).isEqualTo(201);
        JsonObject session = json(res);
        assertThat(res.headers().firstValue("Location")).contains("/v1/sessions/" + session.getString("id"));
        return session;
    }

    private static String block(JsonObject session, String name) {
        return session.getJsonArray("blocks").getValuesAs(JsonObject.class).stream()
                .filter(b -> b.getString("name").equals(name)).findFirst().orElseThrow().getString("text");
    }

    private static String joinedBlocks(JsonObject session) {
        return session.getJsonArray("blocks").getValuesAs(JsonObject.class).stream()
                .map(b -> b.getString("text")).collect(Collectors.joining("\n\n"));
    }

    @Test
    @Order(1)
    void an_open_claw_workspace_yields_the_documented_blocks_and_bootstrap_runs_once() throws Exception {
        JsonObject first = startSession("ada");

        JsonArray blocks = first.getJsonArray("blocks");
        assertThat(blocks.getValuesAs(JsonObject.class)).extracting(b -> b.getString("name"), b -> b.getBoolean("cache"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("identity", true),
                        org.assertj.core.groups.Tuple.tuple("memory", false),
                        org.assertj.core.groups.Tuple.tuple("personalization", false));
        assertThat(first.getBoolean("bootstrap")).isTrue();
        JsonObject identity = first.getJsonObject("identity");
        assertThat(identity.getString("name")).isEqualTo("Kestrel");
        assertThat(identity.getString("vibe")).isEqualTo("calm, precise");
        assertThat(identity.getString("emoji")).isEqualTo("\uD83E\uDD85");

        String identityBlock = block(first, "identity");
        assertThat(identityBlock).startsWith("## SOUL.md\n\n# SOUL.md\n\nYou are Kestrel");
        assertThat(identityBlock.indexOf("## AGENTS.md")).isGreaterThan(identityBlock.indexOf("## SOUL.md"));
        assertThat(identityBlock.indexOf("## BOOTSTRAP.md")).isGreaterThan(identityBlock.indexOf("## AGENTS.md"));
        String memoryBlock = block(first, "memory");
        assertThat(memoryBlock).startsWith("## MEMORY.md").contains("Ada holds ETH long term",
                "## memory/" + TODAY + ".md", "## memory/" + TODAY.minusDays(1) + ".md",
                "## memory/" + TODAY.minusDays(2) + ".md");
        // A new tenant has nothing in the memory store: its empty <memory-context> block is left out.
        assertThat(memoryBlock).doesNotContain("<memory-context>", "recalled memory context");
        assertThat(memoryBlock.indexOf("note of today")).isLessThan(memoryBlock.indexOf("note of yesterday"));
        assertThat(block(first, "personalization")).startsWith("## USER.md").contains("- risk_tolerance: conservative");

        String prompt = new String(promptBytes(first.getString("id"), "ada"), StandardCharsets.UTF_8);
        assertThat(prompt).isEqualTo(joinedBlocks(first)).isEqualTo(golden("openclaw-first-session.txt"));
        assertThat(prompt).doesNotContain("ssh trading-box", "TOOLS.md", "IDENTITY.md", "calm, precise",
                "HEARTBEAT", "last run", "too old", "outside secret");
        assertThat(first.getJsonArray("notices").getValuesAs(JsonObject.class))
                .anySatisfy(n -> {
                    assertThat(n.getString("type")).isEqualTo("path_escape");
                    assertThat(n.getString("path")).isEqualTo("memory/" + TODAY.minusDays(3) + ".md");
                });

        assertThat(Files.exists(workspace.resolve("BOOTSTRAP.md"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        JsonObject second = startSession("ada");
        assertThat(second.getBoolean("bootstrap")).isFalse();
        assertThat(joinedBlocks(second)).doesNotContain("BOOTSTRAP", "Introduce yourself");
        assertThat(block(first, "identity")).startsWith(block(second, "identity"));
        // The first session still has it: frozen.
        assertThat(new String(promptBytes(first.getString("id"), "ada"), StandardCharsets.UTF_8))
                .contains("Introduce yourself");
    }

    @Test
    @Order(2)
    void a_sessions_prompt_stays_the_same_bytes_while_others_write_and_the_next_session_sees_the_writes() throws Exception {
        JsonObject frozen = startSession("ada");
        String id = frozen.getString("id");
        byte[] before = promptBytes(id, "ada");

        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                running.add(writers.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        HttpResponse<String> res = send("POST", "/v1/memory", "{\"category\":\"observation\","
                                + "\"content\":\"concurrent write " + writer + "-" + i + "\"}", "ada");
                        assertThat(res.statusCode()).isEqualTo(201);
                        assertThat(send("PUT", "/v1/profile/writer_" + writer, "{\"value\":\"round " + i + "\"}",
                                "ada").statusCode()).isEqualTo(200);
                        write("MEMORY.md", "# MEMORY.md\n\n- edited by writer " + writer + " round " + i + "\n");
                    }
                    return null;
                }));
            }
            for (int i = 0; i < 30; i++) {
                assertThat(promptBytes(id, "ada")).isEqualTo(before);
            }
            for (Future<?> f : running) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }

        assertThat(promptBytes(id, "ada")).isEqualTo(before);
        assertThat(json(send("GET", "/v1/sessions/" + id, null, "ada"))).isEqualTo(frozen);
        String next = joinedBlocks(startSession("ada"));
        assertThat(next).contains("concurrent write 3-9", "writer_0: round 9", "edited by writer");
        assertThat(new String(before, StandardCharsets.UTF_8)).doesNotContain("concurrent write", "writer_0");
    }

    @Test
    @Order(3)
    void the_users_workspace_outranks_a_contradicting_profile() throws Exception {
        assertThat(send("PUT", "/v1/profile/risk_tolerance", "{\"value\":\"aggressive\"}", "carol").statusCode())
                .isEqualTo(200);

        JsonObject session = startSession("carol");
        String personalization = block(session, "personalization");

        assertThat(personalization).contains("- risk_tolerance: conservative",
                "- risk_tolerance: aggressive (inferred; USER.md says \"conservative\", which wins)",
                "## Ground truth",
                "- risk_tolerance: \"conservative\" (USER.md), not \"aggressive\" (user profile)");
        assertThat(block(session, "memory")).as("the profile is given once, reconciled").doesNotContain("aggressive");
    }

    @Test
    @Order(4)
    void sessions_are_tenant_scoped_and_bad_requests_are_problems_naming_the_field() throws Exception {
        String id = startSession("dave").getString("id");

        assertThat(send("GET", "/v1/sessions/" + id, null, "eve").statusCode()).isEqualTo(404);
        assertThat(send("GET", "/v1/sessions/" + id + "/prompt", null, "eve").statusCode()).isEqualTo(404);
        assertThat(send("GET", "/v1/sessions/" + id, null, "dave").statusCode()).isEqualTo(200);
        assertThat(send("GET", "/v1/sessions/" + id.toUpperCase(), null, "dave").statusCode()).isEqualTo(200);

        HttpResponse<String> badId = send("GET", "/v1/sessions/not-a-session", null, "dave");
        assertThat(badId.statusCode()).isEqualTo(400);
        assertThat(badId.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(json(badId).getString("field")).isEqualTo("id");
        assertThat(json(send("GET", "/v1/sessions/not-a-session/prompt", null, "dave")).getString("field"))
                .isEqualTo("id");
        HttpResponse<String> unknown = send("GET", "/v1/sessions/3f2b8c1e-0a4d-4c6e-9b7a-2d1e5f6a7b8c", null, "dave");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(json(unknown).getString("type")).isEqualTo("urn:strata:problem:not-found");

        assertThat(send("POST", "/v1/sessions", "{}", "dave").statusCode()).isEqualTo(201);
        HttpResponse<String> unknownField = send("POST", "/v1/sessions", "{\"tenant\":\"other\"}", "dave");
        assertThat(unknownField.statusCode()).isEqualTo(400);
        assertThat(json(unknownField).getString("field")).isEqualTo("tenant");
        HttpResponse<String> notJson = send("POST", "/v1/sessions", "{oops", "dave");
        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(json(notJson).getString("field")).isEqualTo("body");
        HttpResponse<String> badTenant = send("POST", "/v1/sessions", null, "Not A Tenant!");
        assertThat(badTenant.statusCode()).isEqualTo(400);
        assertThat(json(badTenant).getString("field")).isEqualTo("X-Strata-Tenant");
        // Revocation (issue 13): another tenant cannot revoke the session; its owner can, and then it is gone.
        assertThat(send("DELETE", "/v1/sessions/" + id, null, "eve").statusCode()).isEqualTo(404);
        assertThat(send("DELETE", "/v1/sessions/" + id, null, "dave").statusCode()).isEqualTo(204);
        assertThat(send("GET", "/v1/sessions/" + id, null, "dave").statusCode()).isEqualTo(404);
        HttpResponse<String> xml = server.http().send(HttpRequest.newBuilder(server.http().uri("/v1/sessions")).POST(HttpRequest.BodyPublishers.ofString("<session/>"))
                .header("Content-Type", "application/xml").header("X-Strata-Tenant", "dave").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(xml.statusCode()).isEqualTo(415);
        assertThat(json(xml).getString("field")).isEqualTo("Content-Type");
    }

    @Test
    @Order(5)
    void a_session_expires_after_its_ttl_and_the_purge_deletes_it() throws Exception {
        JsonObject session = startSession("frank");
        String id = session.getString("id");
        assertThat(Instant.parse(session.getString("expires_at")))
                .isEqualTo(Instant.parse(session.getString("created_at")).plus(TTL));

        clock.advance(TTL.minusSeconds(1));
        assertThat(send("GET", "/v1/sessions/" + id + "/prompt", null, "frank").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(1));
        assertThat(send("GET", "/v1/sessions/" + id, null, "frank").statusCode()).isEqualTo(404);
        assertThat(send("GET", "/v1/sessions/" + id + "/prompt", null, "frank").statusCode()).isEqualTo(404);

        assertThat(server.strata().core().session().sessions().purgeExpired()).isGreaterThanOrEqualTo(1);
        clock.set(START);
        assertThat(send("GET", "/v1/sessions/" + id, null, "frank").statusCode()).isEqualTo(404);
    }
}
