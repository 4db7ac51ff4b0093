package dev.strata.bootstrap;

import dev.strata.bootstrap.retrieval.EmbeddingSettings;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.util.Optional;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code openai} embedding provider against an OpenAI-compatible stub: memories are embedded
 * through {@code POST /v1/embeddings}, search is hybrid, and a provider that starts refusing makes
 * search fall back to keyword results instead of failing.
 */
class OpenAiEmbeddingEndToEndTest {

    private static final int DIMENSION = 16;

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.startedByTest();

    private static EmbeddingStub stub;

    @BeforeAll
    static void start() throws IOException {
        stub = server.closeAfterStop(new EmbeddingStub(DIMENSION));
        server.start(s -> s.with(s.embedding().withOpenAi(new EmbeddingSettings.OpenAi(Optional.of(stub.baseUrl()),
                EmbeddingStub.MODEL, s.embedding().openAi().apiKey(), OptionalInt.of(DIMENSION)))));
    }

    @Test
    void memories_are_embedded_by_the_provider_and_search_is_hybrid_until_it_refuses() {
        JsonObject created = server.http().json("POST", "/v1/memory",
                "{\"category\":\"observation\",\"content\":\"weekly review of the trading journal\"}", "oa");
        long id = created.getJsonNumber("id").longValueExact();
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));

        JsonObject hybrid = server.http().json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
        assertThat(hybrid.getString("search_mode")).isEqualTo("hybrid");
        assertThat(hybrid.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(stub.requests()).isGreaterThanOrEqualTo(2);

        stub.refuse(true);
        try {
            // Another query: an identical one would be answered from the query-embedding cache, hybrid still.
            JsonObject cached = server.http().json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
            assertThat(cached.getString("search_mode")).isEqualTo("hybrid");
            JsonObject degraded = server.http().json("POST", "/v1/memory/search", "{\"query\":\"the trading journal\"}",
                    "oa");
            assertThat(degraded.getString("search_mode")).isEqualTo("keyword");
            assertThat(degraded.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact())
                    .isEqualTo(id);
        } finally {
            stub.refuse(false);
        }
    }

    @Test
    void health_names_each_check_and_reports_the_embedding_backlog() {
        JsonObject created = server.http().json("POST", "/v1/memory",
                "{\"category\":\"observation\",\"content\":\"rebalanced the portfolio on Friday\"}", "oa");
        long id = created.getJsonNumber("id").longValueExact();
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));
        Http.await("the health check to see no backlog (it reads at most once a second)", () -> server.http().json("GET",
                "/observe/health", null, null).getJsonArray("checks").stream().map(JsonObject.class::cast)
                .anyMatch(c -> c.getString("name").equals("embeddings")
                        && c.getJsonObject("data").getJsonNumber("pending").longValue() == 0));

        var response = server.http().send("GET", "/observe/health", null, null);
        JsonObject health = Http.json(response);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(health.getString("status")).isEqualTo("UP");
        assertThat(health.getJsonArray("checks").stream().map(JsonObject.class::cast).map(c -> c.getString("name")))
                .containsExactlyInAnyOrder("storage", "model", "embeddings");
        JsonObject embeddings = health.getJsonArray("checks").stream().map(JsonObject.class::cast)
                .filter(c -> c.getString("name").equals("embeddings")).findFirst().orElseThrow();
        assertThat(embeddings.getString("status")).isEqualTo("UP");
        assertThat(embeddings.getJsonObject("data").keySet())
                .containsExactlyInAnyOrder("pending", "failed", "oldest_pending_age_seconds");
        assertThat(embeddings.getJsonObject("data").getJsonNumber("oldest_pending_age_seconds").longValue()).isZero();

        String metrics = server.http().send("GET", "/observe/metrics", null, null).body();
        assertThat(metrics).contains("strata_embeddings_pending").contains("strata_embeddings_worker_threads").contains("strata_sqlite_request_write_most_slices_waited")
                .contains("strata_search_admission_waits").contains("strata_search_admission_turned_away")
                .contains("strata_search_admission_longest_wait_ms");
    }

    private static String state(long id) {
        return server.embeddingState(id);
    }
}
