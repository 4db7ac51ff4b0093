package dev.strata.adapters.llm.chat;

import dev.strata.domain.MutableClock;

import static dev.strata.adapters.llm.chat.ProviderFixtures.DECISION;
import static dev.strata.adapters.llm.chat.ProviderFixtures.anthropicText;
import static dev.strata.adapters.llm.chat.ProviderFixtures.anthropicToolUse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.ChatMessage;
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

class AnthropicLanguageModelTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T12:00:00Z"));
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private StubProvider provider;
    private AnthropicLanguageModel model;

    private final ChatRequest question = ChatRequest.of("alice", SpendCategory.REFLECTION,
            "You review trading decisions.", "Was the call right?").withMaxTokens(300);

    @BeforeEach
    void start() throws IOException {
        provider = new StubProvider();
        model = new AnthropicLanguageModel(ProviderFixtures.settings(provider.baseUrl(""), "claude-3-5-haiku-latest",
                Optional.of("sk-ant-test")), clock, sleeper, () -> 0.0);
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    @Test
    void speaks_the_messages_protocol() {
        provider.reply(200, anthropicText("Mostly right; the timing was off.", 25, 9));

        ChatResponse response = model.chat(question.withMessages(List.of(
                ChatMessage.user("Was the call right?"), ChatMessage.assistant("Which call?"), ChatMessage.user("BTC long"))));

        assertThat(response.text()).isEqualTo("Mostly right; the timing was off.");
        assertThat(response.usage()).isEqualTo(new TokenUsage(25, 9));
        assertThat(response.model()).isEqualTo("claude-3-5-haiku-20241022");
        StubProvider.Received sent = provider.received().getFirst();
        assertThat(sent.path()).isEqualTo("/v1/messages");
        assertThat(sent.header("x-api-key")).isEqualTo("sk-ant-test");
        assertThat(sent.header("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(sent.header("Authorization")).isNull();
        JsonObject body = sent.json();
        assertThat(body.getString("model")).isEqualTo("claude-3-5-haiku-latest");
        assertThat(body.getInt("max_tokens")).isEqualTo(300);
        assertThat(body.getString("system")).isEqualTo("You review trading decisions.");
        assertThat(body.getJsonArray("messages").toString()).isEqualTo("[{\"role\":\"user\",\"content\":\"Was the call right?\"},"
                + "{\"role\":\"assistant\",\"content\":\"Which call?\"},{\"role\":\"user\",\"content\":\"BTC long\"}]");
        assertThat(body.containsKey("tools")).isFalse();
    }

    @Test
    void leaves_out_an_empty_system_prompt() {
        provider.reply(200, anthropicText("ok", 1, 1));

        model.chat(ChatRequest.of("alice", SpendCategory.REFLECTION, "", "hi"));

        assertThat(provider.received().getFirst().json().containsKey("system")).isFalse();
    }

    @Test
    void forces_a_tool_call_for_structured_output() {
        provider.reply(200, anthropicToolUse("fact_decision", "{\"decision\":\"keep_both\",\"reason\":\"both hold\"}", 410, 52));

        ChatResponse response = model.chat(question.expecting(DECISION));

        assertThat(response.structured().text("decision")).isEqualTo("keep_both");
        assertThat(response.usage()).isEqualTo(new TokenUsage(410, 52));
        JsonObject body = provider.received().getFirst().json();
        JsonObject tool = body.getJsonArray("tools").getJsonObject(0);
        assertThat(tool.getString("name")).isEqualTo("fact_decision");
        assertThat(tool.getJsonObject("input_schema").getString("type")).isEqualTo("object");
        assertThat(body.getJsonObject("tool_choice").toString()).isEqualTo("{\"type\":\"tool\",\"name\":\"fact_decision\"}");
    }

    @Test
    void accepts_structured_output_written_as_text() {
        provider.reply(200, anthropicText("Here is the JSON:\n```json\n{\"decision\":\"supersede\",\"reason\":\"newer\"}\n```", 30, 20));

        assertThat(model.chat(question.expecting(DECISION)).structured().text("reason")).isEqualTo("newer");
    }

    @Test
    void repairs_a_tool_call_of_the_wrong_shape() {
        provider.reply(200, anthropicToolUse("fact_decision", "{\"decision\":\"supersede\"}", 400, 20))
                .reply(200, anthropicToolUse("fact_decision", "{\"decision\":\"supersede\",\"reason\":\"newer\"}", 480, 25));

        ChatResponse response = model.chat(question.expecting(DECISION));

        assertThat(response.structured().text("reason")).isEqualTo("newer");
        assertThat(response.usage()).isEqualTo(new TokenUsage(880, 45));
        var messages = provider.received().get(1).json().getJsonArray("messages");
        assertThat(messages.getJsonObject(1).getString("role")).isEqualTo("assistant");
        assertThat(messages.getJsonObject(1).getString("content")).isEqualTo("{\"decision\":\"supersede\"}");
        assertThat(messages.getJsonObject(2).getString("content")).contains("$.reason: required field is missing");
    }

    @Test
    void fails_typed_when_the_model_will_not_produce_the_shape() {
        provider.reply(200, anthropicText("I'd rather not say.", 30, 6))
                .reply(200, anthropicText("Still no.", 60, 3));

        assertThatThrownBy(() -> model.chat(question.expecting(DECISION)))
                .isInstanceOfSatisfying(StructuredOutputException.class, failure -> {
                    assertThat(failure.problems()).containsExactly("the reply held no JSON object");
                    assertThat(failure.lastReply()).isEqualTo("Still no.");
                    assertThat(failure.usage()).isEqualTo(new TokenUsage(90, 9));
                });
    }

    @Test
    void a_failed_repair_request_still_reports_the_first_attempts_usage() {
        provider.reply(200, anthropicText("no json here", 30, 6))
                .reply(400, "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"bad\"}}");

        assertThatThrownBy(() -> model.chat(question.expecting(DECISION)))
                .isInstanceOfSatisfying(StructuredOutputException.class, failure -> {
                    assertThat(failure.usage()).isEqualTo(new TokenUsage(30, 6));
                    assertThat(failure.problems()).last().asString().contains("repair request failed").contains("HTTP 400: bad");
                    assertThat(failure.getCause()).isInstanceOf(UnavailableException.class);
                });
    }

    @Test
    void retries_overloaded_and_rate_limited_replies() {
        provider.reply(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}")
                .reply(429, "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"Number of request tokens has exceeded your per-minute rate limit\"}}",
                        "retry-after", "12")
                .reply(200, anthropicText("done", 5, 1));

        assertThat(model.chat(question).text()).isEqualTo("done");
        assertThat(sleeper.waits).containsExactly(Duration.ofMillis(1), Duration.ofSeconds(12));
    }

    @Test
    void reports_the_providers_error_message() {
        provider.reply(400, "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"max_tokens: must be at most 8192\"}}");

        assertThatThrownBy(() -> model.chat(question))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("HTTP 400: max_tokens: must be at most 8192");
        assertThat(provider.received()).hasSize(1);
    }

    @Test
    void counts_prompt_cache_tokens_as_input() {
        provider.reply(200, "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-3-5-haiku-20241022\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"stop_reason\":\"end_turn\",\"stop_sequence\":null,"
                + "\"usage\":{\"input_tokens\":10,\"cache_creation_input_tokens\":100,\"cache_read_input_tokens\":1000,\"output_tokens\":2}}");

        assertThat(model.chat(question).usage()).isEqualTo(new TokenUsage(1110, 2));
    }

    @Test
    void a_reply_of_the_wrong_shape_is_an_unreadable_reply() {
        provider.reply(200, "{\"type\":\"message\",\"content\":\"hello\"}");
        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("'content'");

        provider.reply(200, "{\"type\":\"message\",\"content\":[{\"text\":\"no type\"}]}");
        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("no type");

        provider.reply(200, "{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"usage\":{\"input_tokens\":-1,\"output_tokens\":2}}");
        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("token count");
    }

    @Test
    void a_slow_provider_times_out() {
        model = new AnthropicLanguageModel(new ChatModelSettings(provider.baseUrl(""), "claude-3-5-haiku-latest",
                Optional.of("k"), Duration.ofSeconds(2), Duration.ofMillis(150),
                new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Duration.ZERO), 1, Duration.ofSeconds(30)),
                clock, sleeper, () -> 0.0);
        provider.hang();

        assertThatThrownBy(() -> model.chat(question)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("no reply within");
        assertThat(model.circuitState()).isEqualTo(CircuitBreaker.State.OPEN);
    }
}
