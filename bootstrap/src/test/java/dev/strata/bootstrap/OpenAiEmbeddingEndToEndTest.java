package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code openai} embedding provider against an OpenAI-compatible stub: memories are embedded
 * through {@code POST /v1/embeddings}, search is hybrid, and a provider that starts refusing makes
 * search fall back to keyword results instead of failing.
 */
class OpenAiEmbeddingEndToEndTest {

    private static final int DIMENSION = 16;

    @TempDir
    static Path dataDir;

    private static EmbeddingStub stub;
    private static Strata strata;
    private static Http http;

    @BeforeAll
    static void start() throws IOException {
        stub = new EmbeddingStub(DIMENSION);
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        strata = Strata.start(defaults.withDataDir(dataDir)
                .withRetrieval(defaults.retrieval().withOpenAi(stub.baseUrl(), EmbeddingStub.MODEL,
                        OptionalInt.of(DIMENSION)))
                .withGateway(GatewaySettings.defaults("127.0.0.1", 0)), Clock.systemUTC());
        http = new Http(strata.port());
    }

    @AfterAll
    static void stop() {
        http.close();
        strata.close();
        stub.close();
    }

    @Test
    void memoriesAreEmbeddedByTheProviderAndSearchIsHybridUntilItRefuses() {
        JsonObject created = http.json("POST", "/v1/memory",
                "{\"category\":\"observation\",\"content\":\"weekly review of the trading journal\"}", "oa");
        long id = created.getJsonNumber("id").longValueExact();
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));

        JsonObject hybrid = http.json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
        assertThat(hybrid.getString("search_mode")).isEqualTo("hybrid");
        assertThat(hybrid.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(stub.requests()).isGreaterThanOrEqualTo(2);

        stub.refuse(true);
        try {
            // Another query: an identical one would be answered from the query-embedding cache, hybrid still.
            JsonObject cached = http.json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
            assertThat(cached.getString("search_mode")).isEqualTo("hybrid");
            JsonObject degraded = http.json("POST", "/v1/memory/search", "{\"query\":\"the trading journal\"}", "oa");
            assertThat(degraded.getString("search_mode")).isEqualTo("keyword");
            assertThat(degraded.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact())
                    .isEqualTo(id);
        } finally {
            stub.refuse(false);
        }
    }

    @Test
    void health_names_each_check_and_reports_the_embedding_backlog() {
        JsonObject created = http.json("POST", "/v1/memory",
                "{\"category\":\"observation\",\"content\":\"rebalanced the portfolio on Friday\"}", "oa");
        long id = created.getJsonNumber("id").longValueExact();
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));
        Http.await("the health check to see no backlog (it reads at most once a second)", () -> http.json("GET",
                "/observe/health", null, null).getJsonArray("checks").stream().map(JsonObject.class::cast)
                .anyMatch(c -> c.getString("name").equals("embeddings")
                        && c.getJsonObject("data").getJsonNumber("pending").longValue() == 0));

        var response = http.send("GET", "/observe/health", null, null);
        JsonObject health = Http.json(response);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(health.getString("status")).isEqualTo("UP");
        assertThat(health.getJsonArray("checks").stream().map(JsonObject.class::cast).map(c -> c.getString("name")))
                .containsExactlyInAnyOrder("storage", "embeddings");
        JsonObject embeddings = health.getJsonArray("checks").stream().map(JsonObject.class::cast)
                .filter(c -> c.getString("name").equals("embeddings")).findFirst().orElseThrow();
        assertThat(embeddings.getString("status")).isEqualTo("UP");
        assertThat(embeddings.getJsonObject("data").keySet())
                .containsExactlyInAnyOrder("pending", "failed", "oldest_pending_age_seconds");
        assertThat(embeddings.getJsonObject("data").getJsonNumber("oldest_pending_age_seconds").longValue()).isZero();

        String metrics = http.send("GET", "/observe/metrics", null, null).body();
        assertThat(metrics).contains("strata_embeddings_pending").contains("strata_sqlite_request_write_most_slices_waited");
    }

    private static String state(long id) {
        try (Connection c = strata.database().connection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT embedding_state FROM memories WHERE id = " + id)) {
            return r.next() ? r.getString(1) : "";
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
