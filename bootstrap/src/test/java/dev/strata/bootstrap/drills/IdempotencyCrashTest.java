package dev.strata.bootstrap.drills;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 13, "retries are safe", across a crash: answers to keyed writes are kept in the database, so a
 * client that retries after the server was killed (SIGKILL) and restarted gets the first answer again,
 * and nothing is written twice.
 */
class IdempotencyCrashTest {

    @TempDir
    Path dir;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void the_first_answers_survive_a_kill_and_a_restart_and_retries_write_nothing() throws Exception {
        Path data = dir.resolve("data");
        Path workspace = dir.resolve("workspace");
        Path log = dir.resolve("server.log");
        String write = "{\"category\":\"observation\",\"content\":\"kept across the crash\"}";
        String save = "{\"key\":\"auth-approach\",\"content\":\"JWT with 1h expiry\"}";

        HttpResponse<String> firstWrite;
        HttpResponse<String> firstSave;
        try (ServerProcess server = ServerProcess.start(data, workspace, log)) {
            firstWrite = keyed(server.port(), "/v1/memory", write, "write-1");
            firstSave = keyed(server.port(), "/v1/tools/memory_save", save, "save-1");
            assertThat(firstWrite.statusCode()).as(firstWrite.body()).isEqualTo(201);
            assertThat(firstSave.statusCode()).as(firstSave.body()).isEqualTo(200);
            server.kill();
        }

        try (ServerProcess restarted = ServerProcess.start(data, workspace, log)) {
            HttpResponse<String> retriedWrite = keyed(restarted.port(), "/v1/memory", write, "write-1");
            HttpResponse<String> retriedSave = keyed(restarted.port(), "/v1/tools/memory_save", save, "save-1");

            assertThat(retriedWrite.statusCode()).isEqualTo(201);
            assertThat(retriedWrite.body()).isEqualTo(firstWrite.body());
            assertThat(retriedWrite.headers().firstValue("Idempotent-Replayed")).contains("true");
            assertThat(retriedSave.statusCode()).isEqualTo(200);
            assertThat(retriedSave.body()).isEqualTo(firstSave.body());
            JsonObject listed = DrillClient.json(client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + restarted.port() + "/v1/memory?limit=100"))
                    .header("X-Strata-Tenant", DrillClient.TENANT).build(), HttpResponse.BodyHandlers.ofString()));
            assertThat(listed.getJsonArray("memories")).hasSize(2);
        }
    }

    private HttpResponse<String> keyed(int port, String path, String json, String key) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Strata-Tenant", DrillClient.TENANT)
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
