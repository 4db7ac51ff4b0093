package dev.strata.bootstrap;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole server as a user runs it: real SQLite file, real gateway on a real socket, wired by the
 * composition root. The README's curl session, as a test.
 */
class EndToEndTest {

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.started();

    @Test
    void the_readme_session_writes_searches_deletes_restores_and_renders_a_snapshot() throws Exception {
        HttpResponse<String> written = server.http().send("POST", "/v1/memory",
                "{\"category\":\"preference\",\"content\":\"always use 0.5% slippage on swaps\"}", "e2e");
        assertThat(written.statusCode()).isEqualTo(201);
        long id = Http.json(written).getJsonNumber("id").longValue();

        HttpResponse<String> found = server.http().send("POST", "/v1/memory/search",
                "{\"query\":\"what slippage does the user like?\"}", "e2e");
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(Http.json(found).getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValue()).isEqualTo(id);

        assertThat(server.http().send("PUT", "/v1/profile/risk_tolerance", "{\"value\":\"conservative\"}", "e2e").statusCode())
                .isEqualTo(200);
        String snapshot = server.http().send("GET", "/v1/snapshot", null, "e2e").body();
        assertThat(snapshot).startsWith("<memory-context>").endsWith("</memory-context>")
                .contains("- risk_tolerance: conservative", "[preference] always use 0.5% slippage on swaps");

        assertThat(server.http().send("DELETE", "/v1/memory/" + id, null, "e2e").statusCode()).isEqualTo(204);
        assertThat(server.http().send("GET", "/v1/memory/" + id, null, "e2e").statusCode()).isEqualTo(404);
        assertThat(Http.json(server.http().send("POST", "/v1/memory/search", "{\"query\":\"slippage\"}", "e2e")).getJsonArray("hits"))
                .isEmpty();
        assertThat(server.http().send("GET", "/v1/snapshot", null, "e2e").body()).doesNotContain("slippage");

        HttpResponse<String> restored = server.http().send("POST", "/v1/memory/" + id + "/restore", null, "e2e");
        assertThat(restored.statusCode()).isEqualTo(200);
        assertThat(Http.json(server.http().send("POST", "/v1/memory/search", "{\"query\":\"slippage\"}", "e2e")).getJsonArray("hits"))
                .hasSize(1);
    }

    @Test
    void a_second_tenant_sees_none_of_the_first_tenants_data() throws Exception {
        long id = Http.json(server.http().send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"private lesson about BTC\"}",
                "owner")).getJsonNumber("id").longValue();

        assertThat(server.http().send("GET", "/v1/memory/" + id, null, "intruder").statusCode()).isEqualTo(404);
        assertThat(server.http().send("PATCH", "/v1/memory/" + id, "{\"content\":\"hijacked\"}", "intruder").statusCode())
                .isEqualTo(404);
        assertThat(server.http().send("DELETE", "/v1/memory/" + id, null, "intruder").statusCode()).isEqualTo(404);
        assertThat(Http.json(server.http().send("GET", "/v1/memory", null, "intruder")).getJsonArray("memories")).isEmpty();
        assertThat(Http.json(server.http().send("POST", "/v1/memory/search", "{\"query\":\"BTC lesson\"}", "intruder"))
                .getJsonArray("hits")).isEmpty();
        assertThat(server.http().send("GET", "/v1/snapshot", null, "intruder").body()).doesNotContain("BTC");

        assertThat(Http.json(server.http().send("GET", "/v1/memory/" + id, null, "owner")).getString("content"))
                .isEqualTo("private lesson about BTC");
    }

    @Test
    void the_database_lives_in_the_data_directory_and_health_reports_ready() throws Exception {
        assertThat(Files.exists(server.directory().resolve("data").resolve("strata.db"))).isTrue();
        assertThat(server.http().send("GET", "/observe/health", null, null).statusCode()).isBetween(200, 204);
    }
}
