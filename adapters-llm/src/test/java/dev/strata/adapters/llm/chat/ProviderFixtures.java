package dev.strata.adapters.llm.chat;

import dev.strata.domain.json.JsonShape;
import dev.strata.domain.languagemodel.OutputSchema;
import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** Replies shaped exactly like the providers' and settings that keep retry tests fast. */
final class ProviderFixtures {

    static final OutputSchema DECISION = new OutputSchema("fact_decision", JsonShape.object(
            JsonShape.Field.required("decision", JsonShape.oneOf("supersede", "keep_both")),
            JsonShape.Field.required("reason", JsonShape.string())));

    static final RetryPolicy FAST_RETRY =
            new RetryPolicy(3, Duration.ofMillis(2), Duration.ofMillis(8), Duration.ofSeconds(60));

    private ProviderFixtures() {
    }

    static ChatModelSettings settings(URI baseUrl, String model, Optional<String> apiKey) {
        return new ChatModelSettings(baseUrl, model, apiKey, Duration.ofSeconds(2), Duration.ofSeconds(5),
                FAST_RETRY, 3, Duration.ofSeconds(30));
    }

    /** A Chat Completions reply as OpenAI sends it. */
    static String openAiReply(String content, long promptTokens, long completionTokens, String finishReason) {
        JsonObject reply = JsonSupport.JSON.createObjectBuilder()
                .add("id", "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT")
                .add("object", "chat.completion")
                .add("created", 1741569952)
                .add("model", "gpt-4o-mini-2024-07-18")
                .add("choices", JsonSupport.JSON.createArrayBuilder().add(JsonSupport.JSON.createObjectBuilder()
                        .add("index", 0)
                        .add("message", JsonSupport.JSON.createObjectBuilder()
                                .add("role", "assistant")
                                .add("content", content)
                                .addNull("refusal"))
                        .addNull("logprobs")
                        .add("finish_reason", finishReason)))
                .add("usage", JsonSupport.JSON.createObjectBuilder()
                        .add("prompt_tokens", promptTokens)
                        .add("completion_tokens", completionTokens)
                        .add("total_tokens", promptTokens + completionTokens))
                .add("system_fingerprint", "fp_06737a9306")
                .build();
        return reply.toString();
    }

    static String openAiReply(String content, long promptTokens, long completionTokens) {
        return openAiReply(content, promptTokens, completionTokens, "stop");
    }

    /** A Messages reply as Anthropic sends it, with one text block. */
    static String anthropicText(String text, long inputTokens, long outputTokens) {
        return anthropicReply(JsonSupport.JSON.createObjectBuilder().add("type", "text").add("text", text).build(),
                "end_turn", inputTokens, outputTokens);
    }

    /** A Messages reply whose only block is a call of tool {@code name} with {@code input}. */
    static String anthropicToolUse(String name, String input, long inputTokens, long outputTokens) {
        JsonObject block = JsonSupport.JSON.createObjectBuilder()
                .add("type", "tool_use")
                .add("id", "toolu_01A09q90qw90lq917835lq9")
                .add("name", name)
                .add("input", JsonSupport.parse(input).orElseThrow())
                .build();
        return anthropicReply(block, "tool_use", inputTokens, outputTokens);
    }

    private static String anthropicReply(JsonObject block, String stopReason, long inputTokens, long outputTokens) {
        return JsonSupport.JSON.createObjectBuilder()
                .add("id", "msg_013Zva2CMHLNnXjNJJKqJ2EF")
                .add("type", "message")
                .add("role", "assistant")
                .add("model", "claude-3-5-haiku-20241022")
                .add("content", JsonSupport.JSON.createArrayBuilder().add(block))
                .add("stop_reason", stopReason)
                .addNull("stop_sequence")
                .add("usage", JsonSupport.JSON.createObjectBuilder()
                        .add("input_tokens", inputTokens)
                        .add("output_tokens", outputTokens))
                .build()
                .toString();
    }
}
