package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole server as a user runs it: real SQLite file, real gateway on a real socket, wired by the
 * composition root. The README's curl session, as a test.
 */
class EndToEndTest {

    @TempDir
    static Path dataDir;

    private static Strata strata;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir)
                .withGateway(GatewaySettings.defaults("127.0.0.1", 0));
        strata = Strata.start(settings, Clock.systemUTC());
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        http.close();
        strata.close();
    }

    private static HttpResponse<String> send(String method, String path, String body, String tenant)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + strata.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (tenant != null) {
            b.header("X-Strata-Tenant", tenant);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(HttpResponse<String> res) {
        return Json.createReader(new StringReader(res.body())).readObject();
    }

    @Test
    void theReadmeSessionWritesSearchesDeletesRestoresAndRendersASnapshot() throws Exception {
        HttpResponse<String> written = send("POST", "/v1/memory",
                "{\"category\":\"preference\",\"content\":\"always use 0.5% slippage on swaps\"}", "e2e");
        assertThat(written.statusCode()).isEqualTo(201);
        long id = json(written).getJsonNumber("id").longValue();

        HttpResponse<String> found = send("POST", "/v1/memory/search",
                "{\"query\":\"what slippage does the user like?\"}", "e2e");
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(json(found).getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValue()).isEqualTo(id);

        assertThat(send("PUT", "/v1/profile/risk_tolerance", "{\"value\":\"conservative\"}", "e2e").statusCode())
                .isEqualTo(200);
        String snapshot = send("GET", "/v1/snapshot", null, "e2e").body();
        assertThat(snapshot).startsWith("<memory-context>").endsWith("</memory-context>")
                .contains("- risk_tolerance: conservative", "[preference] always use 0.5% slippage on swaps");

        assertThat(send("DELETE", "/v1/memory/" + id, null, "e2e").statusCode()).isEqualTo(204);
        assertThat(send("GET", "/v1/memory/" + id, null, "e2e").statusCode()).isEqualTo(404);
        assertThat(json(send("POST", "/v1/memory/search", "{\"query\":\"slippage\"}", "e2e")).getJsonArray("hits"))
                .isEmpty();
        assertThat(send("GET", "/v1/snapshot", null, "e2e").body()).doesNotContain("slippage");

        HttpResponse<String> restored = send("POST", "/v1/memory/" + id + "/restore", null, "e2e");
        assertThat(restored.statusCode()).isEqualTo(200);
        assertThat(json(send("POST", "/v1/memory/search", "{\"query\":\"slippage\"}", "e2e")).getJsonArray("hits"))
                .hasSize(1);
    }

    @Test
    void aSecondTenantSeesNoneOfTheFirstTenantsData() throws Exception {
        long id = json(send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"private lesson about BTC\"}",
                "owner")).getJsonNumber("id").longValue();

        assertThat(send("GET", "/v1/memory/" + id, null, "intruder").statusCode()).isEqualTo(404);
        assertThat(send("PATCH", "/v1/memory/" + id, "{\"content\":\"hijacked\"}", "intruder").statusCode())
                .isEqualTo(404);
        assertThat(send("DELETE", "/v1/memory/" + id, null, "intruder").statusCode()).isEqualTo(404);
        assertThat(json(send("GET", "/v1/memory", null, "intruder")).getJsonArray("memories")).isEmpty();
        assertThat(json(send("POST", "/v1/memory/search", "{\"query\":\"BTC lesson\"}", "intruder"))
                .getJsonArray("hits")).isEmpty();
        assertThat(send("GET", "/v1/snapshot", null, "intruder").body()).doesNotContain("BTC");

        assertThat(json(send("GET", "/v1/memory/" + id, null, "owner")).getString("content"))
                .isEqualTo("private lesson about BTC");
    }

    @Test
    void theDatabaseLivesInTheDataDirectoryAndHealthReportsReady() throws Exception {
        assertThat(Files.exists(dataDir.resolve("strata.db"))).isTrue();
        assertThat(send("GET", "/observe/health", null, null).statusCode()).isBetween(200, 204);
    }
}
