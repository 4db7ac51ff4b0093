package dev.strata.adapters.llm.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.adapters.llm.embedding.OpenAiStub.Reply;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAiEmbedderTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);

    private OpenAiStub stub;
    private final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void startStub() throws IOException {
        stub = new OpenAiStub();
    }

    @AfterEach
    void stopStub() {
        stub.close();
    }

    private OpenAiEmbedderSettings settings() {
        return OpenAiEmbedderSettings.of(stub.baseUrl(), "stub-embed", Optional.of("sk-test-secret"), OptionalInt.of(3))
                .withRetries(4, Duration.ofMillis(400), Duration.ofSeconds(5))
                .withRequestTimeout(Duration.ofSeconds(10));
    }

    private OpenAiEmbedder embedder(OpenAiEmbedderSettings settings) {
        return new OpenAiEmbedder(settings, HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), sleeps::add, new SplittableRandom(7), CLOCK);
    }

    private static Embedding expected(String text) {
        return new Embedding(OpenAiStub.vectorOf(text));
    }

    @Test
    void posts_the_inputs_and_model_to_v1_embeddings_with_the_key() {
        stub.thenEmbed();

        List<Embedding> result = embedder(settings()).embedDocuments(List.of("alpha", "beta"));

        assertThat(result).containsExactly(expected("alpha"), expected("beta"));
        OpenAiStub.Received request = stub.received().getFirst();
        assertThat(request.path()).isEqualTo("/v1/embeddings");
        assertThat(request.authorization()).isEqualTo("Bearer sk-test-secret");
        assertThat(request.body().getString("model")).isEqualTo("stub-embed");
        assertThat(request.inputs()).containsExactly("alpha", "beta");
    }

    @Test
    void accepts_a_base_url_that_already_ends_in_v1() {
        stub.thenEmbed();
        OpenAiEmbedderSettings settings = OpenAiEmbedderSettings.of(URI.create(stub.baseUrl() + "/v1/"), "stub-embed",
                Optional.empty(), OptionalInt.of(3));

        embedder(settings).embedQuery("hello");

        assertThat(stub.received().getFirst().path()).isEqualTo("/v1/embeddings");
        assertThat(stub.received().getFirst().authorization()).isNull();
    }

    @Test
    void splits_large_inputs_into_batches_and_keeps_the_order() {
        stub.thenEmbed().thenEmbed().thenEmbed();
        List<String> texts = List.of("a1", "b22", "c333", "d4444", "e55555");

        List<Embedding> result = embedder(settings().withBatchSize(2)).embedDocuments(texts);

        assertThat(result).containsExactlyElementsOf(texts.stream().map(OpenAiEmbedderTest::expected).toList());
        assertThat(stub.received()).extracting(OpenAiStub.Received::inputs)
                .containsExactly(List.of("a1", "b22"), List.of("c333", "d4444"), List.of("e55555"));
    }

    @Test
    void places_vectors_by_their_index_not_by_their_position_in_the_response() {
        stub.then(request -> Reply.json(OpenAiStub.embeddingsFor(request.inputs(), true)));

        List<Embedding> result = embedder(settings()).embedDocuments(List.of("first", "second", "third"));

        assertThat(result).containsExactly(expected("first"), expected("second"), expected("third"));
    }

    @Test
    void prefixes_the_query_instruction_to_queries_only() {
        stub.thenEmbed().thenEmbed();
        OpenAiEmbedder embedder = embedder(settings().withQueryInstruction("query: "));

        embedder.embedQuery("cheap flights");
        embedder.embedDocuments(List.of("flights are cheap"));

        assertThat(stub.received()).extracting(OpenAiStub.Received::inputs)
                .containsExactly(List.of("query: cheap flights"), List.of("flights are cheap"));
    }

    @Test
    void retries_a_429_after_the_delay_the_server_asks_for() {
        stub.then(request -> new Reply(429, Map.of("Retry-After", "3"), "{\"error\":{\"message\":\"slow down\"}}"))
                .thenEmbed();

        Embedding result = embedder(settings()).embedQuery("hello");

        assertThat(result).isEqualTo(expected("hello"));
        assertThat(stub.received()).hasSize(2);
        assertThat(sleeps).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void understands_retry_after_as_an_http_date() {
        stub.then(request -> new Reply(503, Map.of("Retry-After", "Sun, 01 Mar 2026 12:00:02 GMT"), ""))
                .thenEmbed();

        embedder(settings()).embedQuery("hello");

        assertThat(sleeps).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    void retries_server_errors_with_growing_jittered_backoff() {
        stub.then(request -> new Reply(500, Map.of(), "boom"))
                .then(request -> new Reply(502, Map.of(), "bad gateway"))
                .then(request -> new Reply(500, Map.of(), "boom"))
                .thenEmbed();

        Embedding result = embedder(settings()).embedQuery("hello");

        assertThat(result).isEqualTo(expected("hello"));
        assertThat(sleeps).hasSize(3);
        // Attempt n waits between half and all of 400 ms * 2^(n-1).
        assertThat(sleeps.get(0).toMillis()).isBetween(200L, 400L);
        assertThat(sleeps.get(1).toMillis()).isBetween(400L, 800L);
        assertThat(sleeps.get(2).toMillis()).isBetween(800L, 1600L);
    }

    @Test
    void gives_up_after_the_last_attempt() {
        for (int i = 0; i < 4; i++) {
            stub.then(request -> new Reply(500, Map.of(), "{\"error\":{\"message\":\"overloaded\"}}"));
        }

        assertThatThrownBy(() -> embedder(settings()).embedQuery("hello"))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("4 attempts")
                .hasMessageContaining("overloaded");
        assertThat(stub.received()).hasSize(4);
        assertThat(sleeps).hasSize(3);
    }

    @Test
    void does_not_wait_longer_than_the_maximum_backoff() {
        stub.then(request -> new Reply(429, Map.of("Retry-After", "3600"), ""));

        assertThatThrownBy(() -> embedder(settings()).embedQuery("hello"))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("retry after 3600s")
                .satisfies(e -> assertThat(((UnavailableException) e).retryAfterSeconds())
                        .as("the provider's estimate, passed on to our caller").contains(3600L));
        assertThat(sleeps).isEmpty();
    }

    @Test
    void fails_at_once_on_a_client_error_without_leaking_the_key() {
        stub.then(request -> new Reply(401, Map.of(), "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));

        assertThatThrownBy(() -> embedder(settings()).embedQuery("hello"))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("HTTP 401")
                .hasMessageContaining("Incorrect API key provided")
                .hasMessageNotContaining("sk-test-secret");
        assertThat(stub.received()).hasSize(1);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void rejects_malformed_json() {
        stub.then(request -> Reply.json("{\"data\": [ {\"index\": 0, \"embedding\": [0.1, "));

        assertThatThrownBy(() -> embedder(settings()).embedQuery("hello"))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("malformed");
        assertThat(stub.received()).hasSize(1);
    }

    @Test
    void rejects_responses_that_do_not_match_the_request() {
        stub.then(request -> Reply.json("{\"data\":[{\"index\":0,\"embedding\":[1,2,3]}],\"model\":\"m\"}"))
                .then(request -> Reply.json("{\"data\":[{\"index\":0,\"embedding\":[1,2,3]},"
                        + "{\"index\":0,\"embedding\":[1,2,3]}]}"))
                .then(request -> Reply.json("{\"data\":[{\"index\":0,\"embedding\":[1,2]}]}"))
                .then(request -> Reply.json("{\"data\":[{\"index\":0,\"embedding\":[1,\"x\",3]}]}"))
                .then(request -> Reply.json("{\"object\":\"list\"}"));
        OpenAiEmbedder embedder = embedder(settings());

        assertThatThrownBy(() -> embedder.embedDocuments(List.of("a", "b")))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("1 embeddings for 2 inputs");
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("a", "b")))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("repeated index 0");
        assertThatThrownBy(() -> embedder.embedQuery("a"))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("2 dimensions, configured 3");
        assertThatThrownBy(() -> embedder.embedQuery("a"))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("malformed");
        assertThatThrownBy(() -> embedder.embedQuery("a"))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("no 'data' array");
    }

    @Test
    void retries_when_the_server_cannot_be_reached_then_reports_unavailable() {
        URI closed = stub.baseUrl();
        stub.close();
        OpenAiEmbedderSettings settings = OpenAiEmbedderSettings.of(closed, "stub-embed", Optional.empty(),
                OptionalInt.of(3)).withRetries(2, Duration.ofMillis(10), Duration.ofMillis(20));

        assertThatThrownBy(() -> embedder(settings).embedQuery("hello"))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("2 attempts");
        assertThat(sleeps).hasSize(1);
    }

    @Test
    void rejects_blank_texts_and_sends_nothing_for_an_empty_list() {
        OpenAiEmbedder embedder = embedder(settings());

        assertThat(embedder.embed(List.of(), EmbeddingPurpose.DOCUMENT)).isEmpty();
        assertThatThrownBy(() -> embedder.embedDocuments(List.of("ok", " ")))
                .isInstanceOf(InvalidInputException.class);
        assertThat(stub.received()).isEmpty();
    }

    @Test
    void reports_its_model_and_needs_a_dimension_for_unknown_models() {
        assertThat(embedder(settings()).modelInfo()).hasValueSatisfying(info -> {
            assertThat(info.provider()).isEqualTo("openai");
            assertThat(info.modelId()).isEqualTo("stub-embed");
            assertThat(info.dimension()).isEqualTo(3);
        });
        assertThat(OpenAiEmbedderSettings.of(stub.baseUrl(), "text-embedding-3-small", Optional.empty(),
                OptionalInt.empty()).dimension()).isEqualTo(1536);
        assertThatThrownBy(() -> OpenAiEmbedderSettings.of(stub.baseUrl(), "nomic-embed-text", Optional.empty(),
                OptionalInt.empty())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("configure");
        assertThat(settings().toString()).doesNotContain("sk-test-secret");
    }
}
