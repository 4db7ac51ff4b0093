package dev.strata.adapters.llm.chat;

import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.OutputSchema;
import dev.strata.domain.languagemodel.TokenUsage;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * A {@link dev.strata.domain.languagemodel.LanguageModel} speaking Anthropic's Messages API ({@code POST {baseUrl}/v1/messages}
 * with {@code x-api-key} and {@code anthropic-version}). Structured output is requested as a
 * forced tool call whose input schema is the expected shape; a reply that answers in text
 * instead is still searched for JSON.
 */
public final class AnthropicLanguageModel extends ProviderLanguageModel {

    public static final URI DEFAULT_BASE_URL = URI.create("https://api.anthropic.com");
    public static final String API_VERSION = "2023-06-01";

    public AnthropicLanguageModel(ChatModelSettings settings, Clock clock) {
        this(settings, clock, Sleeper.THREAD, () -> ThreadLocalRandom.current().nextDouble());
    }

    AnthropicLanguageModel(ChatModelSettings settings, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
        super("anthropic", settings, clock, sleeper, jitter);
    }

    @Override
    ProviderReply exchange(ChatRequest request) {
        Map<String, String> headers = new HashMap<>();
        headers.put("anthropic-version", API_VERSION);
        settings.apiKey().ifPresent(key -> headers.put("x-api-key", key));
        return http.post("/v1/messages", headers, body(request), reply -> parse(request, reply));
    }

    private JsonObject body(ChatRequest request) {
        JsonArrayBuilder messages = JsonSupport.JSON.createArrayBuilder();
        for (ChatMessage message : request.messages()) {
            messages.add(JsonSupport.JSON.createObjectBuilder()
                    .add("role", message.role() == ChatMessage.Role.USER ? "user" : "assistant")
                    .add("content", message.content()));
        }
        JsonObjectBuilder body = JsonSupport.JSON.createObjectBuilder()
                .add("model", settings.model())
                .add("max_tokens", request.maxTokens())
                .add("temperature", BigDecimal.valueOf(request.temperature()))
                .add("messages", messages);
        if (!request.system().isBlank()) {
            body.add("system", request.system());
        }
        request.outputSchema().ifPresent(schema -> body
                .add("tools", JsonSupport.JSON.createArrayBuilder().add(tool(schema)))
                .add("tool_choice", JsonSupport.JSON.createObjectBuilder().add("type", "tool").add("name", schema.name())));
        return body.build();
    }

    private static JsonObjectBuilder tool(OutputSchema schema) {
        return JsonSupport.JSON.createObjectBuilder()
                .add("name", schema.name())
                .add("description", "Record the answer as structured data.")
                .add("input_schema", JsonMapping.toSchema(schema.shape()));
    }

    private ProviderReply parse(ChatRequest request, String body) throws MalformedReplyException {
        JsonObject root = JsonSupport.parseObject(body);
        StringBuilder text = new StringBuilder();
        Optional<JsonObject> toolInput = Optional.empty();
        Optional<String> toolName = request.outputSchema().map(OutputSchema::name);
        for (JsonValue block : JsonSupport.array(root, "content")) {
            if (!(block instanceof JsonObject content)) {
                throw new MalformedReplyException("a content block is not an object");
            }
            String type = JsonSupport.optionalString(content, "type")
                    .orElseThrow(() -> new MalformedReplyException("a content block has no type"));
            if (type.equals("text")) {
                text.append(JsonSupport.optionalString(content, "text").orElse(""));
            } else if (type.equals("tool_use") && toolInput.isEmpty()
                    && JsonSupport.optionalString(content, "name").equals(toolName)) {
                toolInput = Optional.of(JsonSupport.object(content, "input"));
            }
        }
        boolean truncated = JsonSupport.optionalString(root, "stop_reason").filter("max_tokens"::equals).isPresent();
        String model = JsonSupport.optionalString(root, "model").orElse(settings.model());
        String reply = text.toString();
        return new ProviderReply(reply, toolInput, usage(root, request, reply), model, truncated);
    }

    /** Cache reads and writes are input the provider bills, so they count as input tokens. */
    private static TokenUsage usage(JsonObject root, ChatRequest request, String text) throws MalformedReplyException {
        if (!(root.get("usage") instanceof JsonObject usage)) {
            return ProviderReply.estimatedUsage(request, text);
        }
        Optional<Long> input = JsonSupport.optionalCount(usage, "input_tokens");
        Optional<Long> output = JsonSupport.optionalCount(usage, "output_tokens");
        if (input.isEmpty() || output.isEmpty()) {
            return ProviderReply.estimatedUsage(request, text);
        }
        long cached = JsonSupport.optionalCount(usage, "cache_creation_input_tokens").orElse(0L)
                + JsonSupport.optionalCount(usage, "cache_read_input_tokens").orElse(0L);
        return new TokenUsage(input.get() + cached, output.get());
    }
}
