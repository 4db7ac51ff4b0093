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
    void memoriesAreEmbeddedByTheProviderAndSearchIsHybridUntilItRefuses() {
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
            JsonObject degraded = server.http().json("POST", "/v1/memory/search", "{\"query\":\"trading journal\"}", "oa");
            assertThat(degraded.getString("search_mode")).isEqualTo("keyword");
            assertThat(degraded.getJsonArray("hits").getJsonObject(0).getJsonNumber("id").longValueExact())
                    .isEqualTo(id);
        } finally {
            stub.refuse(false);
        }
    }

    private static String state(long id) {
        return server.embeddingState(id);
    }
}
