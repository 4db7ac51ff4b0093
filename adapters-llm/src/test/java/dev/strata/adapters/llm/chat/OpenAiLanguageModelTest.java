package dev.strata.adapters.llm.chat;

import dev.strata.domain.MutableClock;

import static dev.strata.adapters.llm.chat.ProviderFixtures.DECISION;
import static dev.strata.adapters.llm.chat.ProviderFixtures.openAiReply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.SpendCategory;
import dev.strata.domain.languagemodel.StructuredOutputException;
import dev.strata.domain.languagemodel.TokenUsage;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAiLanguageModelTest {

    private static final String OK_DECISION = "{\"decision\":\"supersede\",\"reason\":\"newer statement\"}";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T12:00:00Z"));
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private StubProvider provider;
    private OpenAiLanguageModel model;

    private final ChatRequest question = ChatRequest.of("alice", SpendCategory.CONSOLIDATION,
            "You judge facts.", "Does 'prefers daily charts' supersede 'prefers weekly charts'?").withMaxTokens(200);

    @BeforeEach
    void start() throws IOException {
        provider = new StubProvider();
        model = modelWith(ProviderFixtures.settings(provider.baseUrl("/v1"), "gpt-4o-mini", Optional.of("sk-test")));
    }

    private OpenAiLanguageModel modelWith(ChatModelSettings settings) {
        return new OpenAiLanguageModel(settings, clock, sleeper, () -> 0.5);
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    @Test
    void speaks_the_chat_completions_protocol() {
        provider.reply(200, openAiReply("Yes, it does.", 31, 5));

        ChatResponse response = model.chat(question.withTemperature(0.3));

        assertThat(response.text()).isEqualTo("Yes, it does.");
        assertThat(response.usage()).isEqualTo(new TokenUsage(31, 5));
        assertThat(response.model()).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(response.json()).isEmpty();
        StubProvider.Received sent = provider.received().getFirst();
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v1/chat/completions");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer sk-test");
        assertThat(sent.header("Content-Type")).isEqualTo("application/json");
        JsonObject body = sent.json();
        assertThat(body.getString("model")).isEqualTo("gpt-4o-mini");
        assertThat(body.getJsonNumber("temperature").doubleValue()).isEqualTo(0.3);
        assertThat(body.getInt("max_tokens")).isEqualTo(200);
        assertThat(body.containsKey("response_format")).isFalse();
        assertThat(body.getJsonArray("messages").toString()).isEqualTo(
                "[{\"role\":\"system\",\"content\":\"You judge facts.\"},"
                        + "{\"role\":\"user\",\"content\":\"Does 'prefers daily charts' supersede 'prefers weekly charts'?\"}]");
    }

    @Test
    void sends_no_authorization_to_a_keyless_local_server() {
        model = modelWith(ProviderFixtures.settings(provider.baseUrl("/v1/"), "llama3.2", Optional.empty()));
        provider.reply(200, openAiReply("hi", 1, 1));

        model.chat(question);

        assertThat(provider.received().getFirst().header("Authorization")).isNull();
        assertThat(provider.received().getFirst().path()).isEqualTo("/v1/chat/completions");
    }

    @Test
    void asks_for_a_json_schema_and_returns_the_validated_object() {
        provider.reply(200, openAiReply(OK_DECISION, 40, 12));

        ChatResponse response = model.chat(question.expecting(DECISION));

        assertThat(response.structured().text("decision")).isEqualTo("supersede");
        assertThat(response.structured().text("reason")).isEqualTo("newer statement");
        JsonObject format = provider.received().getFirst().json().getJsonObject("response_format");
        assertThat(format.getString("type")).isEqualTo("json_schema");
        JsonObject jsonSchema = format.getJsonObject("json_schema");
        assertThat(jsonSchema.getString("name")).isEqualTo("fact_decision");
        assertThat(jsonSchema.getBoolean("strict")).isTrue();
        assertThat(jsonSchema.getJsonObject("schema").getJsonArray("required").toString())
                .isEqualTo("[\"decision\",\"reason\"]");
    }

    @Test
    void digs_the_json_out_of_fences_and_prose() {
        provider.reply(200, openAiReply("Sure! Here is my verdict:\n```json\n" + OK_DECISION + "\n```\nHope it helps.", 40, 30));

        ChatResponse response = model.chat(question.expecting(DECISION));

        assertThat(response.structured().text("decision")).isEqualTo("supersede");
        assertThat(provider.received()).hasSize(1);
    }

    @Test
    void repairs_malformed_json_once_and_charges_both_attempts() {
        provider.reply(200, openAiReply("{\"decision\": \"supersede\", \"reason\": 'newer',}", 40, 15))
                .reply(200, openAiReply(OK_DECISION, 90, 12));

        ChatResponse response = model.chat(question.expecting(DECISION));

        assertThat(response.structured().text("decision")).isEqualTo("supersede");
        assertThat(response.usage()).isEqualTo(new TokenUsage(130, 27));
        List<String> roles = provider.received().get(1).json().getJsonArray("messages").stream()
                .map(message -> message.asJsonObject().getString("role")).toList();
        assertThat(roles).containsExactly("system", "user", "assistant", "user");
        String repair = provider.received().get(1).json().getJsonArray("messages").getJsonObject(3).getString("content");
        assertThat(repair).contains("held no JSON object").contains("\"enum\":[\"supersede\",\"keep_both\"]");
    }

    @Test
    void repairs_a_wrong_shape_naming_what_is_wrong() {
        provider.reply(200, openAiReply("{\"decision\":\"delete\"}", 40, 8))
                .reply(200, openAiReply("{\"decision\":\"keep_both\",\"reason\":\"different scopes\"}", 80, 10));

        ChatResponse response = model.chat(question.expecting(DECISION));

        assertThat(response.structured().text("decision")).isEqualTo("keep_both");
        String repair = provider.received().get(1).json().getJsonArray("messages").getJsonObject(3).getString("content");
        assertThat(repair).contains("$.decision: expected one of [supersede, keep_both], got \"delete\"")
                .contains("$.reason: required field is missing");
    }

    @Test
    void fails_typed_when_the_repair_fails_too() {
        provider.reply(200, openAiReply("I think the newer one wins.", 40, 8))
                .reply(200, openAiReply("{\"decision\": true}", 80, 6, "stop"));

        assertThatThrownBy(() -> model.chat(question.expecting(DECISION)))
                .isInstanceOfSatisfying(StructuredOutputException.class, failure -> {
                    assertThat(failure.schemaName()).isEqualTo("fact_decision");
                    assertThat(failure.problems()).containsExactly(
                            "$.decision: expected string, got boolean", "$.reason: required field is missing");
                    assertThat(failure.lastReply()).isEqualTo("{\"decision\": true}");
                    assertThat(failure.usage()).isEqualTo(new TokenUsage(120, 14));
                });
        assertThat(provider.received()).hasSize(2);
    }

    @Test
    void says_when_a_structured_reply_was_cut_off() {
        provider.reply(200, openAiReply("{\"decision\":\"supersede\",\"rea", 40, 200, "length"))
                .reply(200, openAiReply("{\"decision\":\"supersede\",\"rea", 80, 200, "length"));

        assertThatThrownBy(() -> model.chat(question.expecting(DECISION)))
                .isInstanceOfSatisfying(StructuredOutputException.class, failure -> assertThat(failure.problems())
                        .contains("the reply was cut off at the max_tokens limit"));
    }

    @Test
    void waits_as_long_as_retry_after_says_on_429() {
        provider.reply(429, "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}",
                        "Retry-After", "2")
                .reply(200, openAiReply("ok", 3, 1));

        ChatResponse response = model.chat(question);

        assertThat(response.text()).isEqualTo("ok");
        assertThat(sleeper.waits).containsExactly(Duration.ofSeconds(2));
        assertThat(provider.received()).hasSize(2);
    }

    @Test
    void honours_retry_after_given_as_an_http_date() {
        provider.reply(503, "{\"error\":{\"message\":\"overloaded\"}}", "Retry-After", "Sat, 14 Mar 2026 12:00:05 GMT")
                .reply(200, openAiReply("ok", 3, 1));

        model.chat(question);

        assertThat(sleeper.waits).containsExactly(Duration.ofSeconds(5));
    }

    @Test
    void backs_off_with_jitter_on_server_errors_then_succeeds() {
        provider.reply(500, "{\"error\":{\"message\":\"The server had an error\"}}")
                .reply(502, "<html>Bad Gateway</html>")
                .reply(200, openAiReply("ok", 3, 1));

        ChatResponse response = model.chat(question);

        assertThat(response.text()).isEqualTo("ok");
        assertThat(sleeper.waits).containsExactly(Duration.ofMillis(1), Duration.ofMillis(3));
    }

    @Test
    void gives_up_after_the_last_attempt_with_the_providers_message() {
        provider.reply(500, "{\"error\":{\"message\":\"The server had an error\"}}")
                .reply(500, "{\"error\":{\"message\":\"The server had an error\"}}")
                .reply(500, "{\"error\":{\"message\":\"The server had an error while processing\"}}");

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("after 3 attempts")
                .hasMessageContaining("HTTP 500: The server had an error while processing");
        assertThat(provider.received()).hasSize(3);
        assertThat(sleeper.waits).hasSize(2);
    }

    @Test
    void does_not_wait_for_a_retry_after_longer_than_allowed() {
        provider.reply(429, "{\"error\":{\"message\":\"quota\"}}", "Retry-After", "3600");

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("PT1H")
                .satisfies(e -> assertThat(((UnavailableException) e).retryAfterSeconds())
                        .as("the provider's estimate, passed on to our caller").contains(3600L));
        assertThat(sleeper.waits).isEmpty();
        assertThat(provider.received()).hasSize(1);
    }

    @Test
    void does_not_retry_a_rejected_request() {
        provider.reply(401, "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}");

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("HTTP 401: Incorrect API key provided")
                .hasMessageNotContaining("sk-test");
        assertThat(provider.received()).hasSize(1);
    }

    @Test
    void a_reply_that_is_not_json_is_an_unreadable_reply() {
        provider.reply(200, "<html>upstream proxy says hello</html>");

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("unreadable reply")
                .hasMessageContaining("not JSON");
        assertThat(provider.received()).hasSize(1);
    }

    @Test
    void a_reply_of_the_wrong_shape_is_an_unreadable_reply() {
        provider.reply(200, "{\"choices\":[]}");
        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("no choice");

        provider.reply(200, "{\"choices\":[{\"message\":{\"content\":42}}]}");
        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("'content'");

        provider.reply(200, "{\"object\":\"list\",\"data\":[]}");
        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("'choices'");
    }

    @Test
    void estimates_usage_when_a_local_server_reports_none() {
        provider.reply(200, "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"12345678\"},"
                + "\"finish_reason\":\"stop\"}]}");

        ChatResponse response = model.chat(question);

        assertThat(response.usage().outputTokens()).isEqualTo(2);
        assertThat(response.usage().inputTokens()).isEqualTo((question.promptCharacters() + 3) / 4);
        assertThat(response.model()).isEqualTo("gpt-4o-mini");
    }

    @Test
    void times_out_a_slow_provider_and_retries() {
        model = modelWith(new ChatModelSettings(provider.baseUrl("/v1"), "gpt-4o-mini", Optional.empty(),
                Duration.ofSeconds(2), Duration.ofSeconds(1), new RetryPolicy(2, Duration.ofMillis(1),
                Duration.ofMillis(1), Duration.ofSeconds(1)), 3, Duration.ofSeconds(30)));
        provider.hang().reply(200, openAiReply("finally", 3, 1));

        ChatResponse response = model.chat(question);

        assertThat(response.text()).isEqualTo("finally");
        assertThat(provider.received()).hasSize(2);
    }

    @Test
    void a_provider_that_never_answers_in_time_is_unavailable() {
        model = modelWith(new ChatModelSettings(provider.baseUrl("/v1"), "gpt-4o-mini", Optional.empty(),
                Duration.ofSeconds(2), Duration.ofMillis(200), new RetryPolicy(1, Duration.ofMillis(1),
                Duration.ofMillis(1), Duration.ofSeconds(1)), 3, Duration.ofSeconds(30)));
        provider.hang();

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("no reply within PT0.2S");
    }

    @Test
    void opens_the_circuit_after_repeated_failures_and_closes_it_after_a_good_trial() {
        for (int i = 0; i < 9; i++) {
            provider.reply(500, "{\"error\":{\"message\":\"down\"}}");
        }
        for (int call = 0; call < 3; call++) {
            assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class);
        }
        assertThat(model.circuitState()).isEqualTo(CircuitBreaker.State.OPEN);
        int before = provider.received().size();

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("circuit is open");
        assertThat(provider.received()).hasSize(before);

        clock.advance(Duration.ofSeconds(30));
        provider.reply(200, openAiReply("back", 3, 1));
        assertThat(model.chat(question).text()).isEqualTo("back");
        assertThat(model.circuitState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void reports_itself_enabled_with_its_model() {
        assertThat(model.isEnabled()).isTrue();
        assertThat(model.model()).isEqualTo("gpt-4o-mini");
    }
}
