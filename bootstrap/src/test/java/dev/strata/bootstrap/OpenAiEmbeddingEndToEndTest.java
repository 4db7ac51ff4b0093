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
            JsonObject degraded = http.json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
            assertThat(degraded.getString("search_mode")).isEqualTo("keyword");
            assertThat(degraded.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact())
                    .isEqualTo(id);
        } finally {
            stub.refuse(false);
        }
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
