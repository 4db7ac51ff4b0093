package dev.strata.adapters.llm.chat;

import dev.strata.domain.languagemodel.ChatMessage;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.OutputSchema;
import dev.strata.domain.languagemodel.TokenUsage;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * A {@link dev.strata.domain.languagemodel.LanguageModel} speaking the OpenAI Chat Completions protocol
 * ({@code POST {baseUrl}/chat/completions}), which OpenAI, Ollama, vLLM and llama.cpp's server
 * all answer. Structured output is requested with {@code response_format: json_schema} and
 * still validated here, since local servers may ignore it.
 */
public final class OpenAiLanguageModel extends ProviderLanguageModel {

    public static final URI DEFAULT_BASE_URL = URI.create("https://api.openai.com/v1");

    public OpenAiLanguageModel(ChatModelSettings settings, Clock clock) {
        this(settings, clock, Sleeper.THREAD, () -> ThreadLocalRandom.current().nextDouble());
    }

    OpenAiLanguageModel(ChatModelSettings settings, Clock clock, Sleeper sleeper, DoubleSupplier jitter) {
        super("openai-compatible", settings, clock, sleeper, jitter);
    }

    @Override
    ProviderReply exchange(ChatRequest request) {
        Map<String, String> headers = settings.apiKey()
                .map(key -> Map.of("Authorization", "Bearer " + key))
                .orElse(Map.of());
        return http.post("/chat/completions", headers, body(request), reply -> parse(request, reply));
    }

    private JsonObject body(ChatRequest request) {
        JsonArrayBuilder messages = JsonSupport.JSON.createArrayBuilder();
        if (!request.system().isBlank()) {
            messages.add(message("system", request.system()));
        }
        for (ChatMessage message : request.messages()) {
            messages.add(message(message.role() == ChatMessage.Role.USER ? "user" : "assistant", message.content()));
        }
        JsonObjectBuilder body = JsonSupport.JSON.createObjectBuilder()
                .add("model", settings.model())
                .add("messages", messages)
                .add("temperature", BigDecimal.valueOf(request.temperature()))
                .add("max_tokens", request.maxTokens());
        request.outputSchema().ifPresent(schema -> body.add("response_format", responseFormat(schema)));
        return body.build();
    }

    private static JsonObjectBuilder message(String role, String content) {
        return JsonSupport.JSON.createObjectBuilder().add("role", role).add("content", content);
    }

    private static JsonObjectBuilder responseFormat(OutputSchema schema) {
        return JsonSupport.JSON.createObjectBuilder()
                .add("type", "json_schema")
                .add("json_schema", JsonSupport.JSON.createObjectBuilder()
                        .add("name", schema.name())
                        .add("schema", JsonMapping.toSchema(schema.shape()))
                        .add("strict", schema.shape().requiresAllFieldsDeeply()));
    }

    private ProviderReply parse(ChatRequest request, String body) throws MalformedReplyException {
        JsonObject root = JsonSupport.parseObject(body);
        JsonArray choices = JsonSupport.array(root, "choices");
        if (choices.isEmpty() || !(choices.getFirst() instanceof JsonObject choice)) {
            throw new MalformedReplyException("'choices' holds no choice");
        }
        JsonObject message = JsonSupport.object(choice, "message");
        Optional<String> content = JsonSupport.optionalString(message, "content");
        String text = content.or(() -> refusal(message)).orElse("");
        boolean truncated = JsonSupport.optionalString(choice, "finish_reason").filter("length"::equals).isPresent();
        String model = JsonSupport.optionalString(root, "model").orElse(settings.model());
        return new ProviderReply(text, Optional.empty(), usage(root, request, text), model, truncated);
    }

    private static Optional<String> refusal(JsonObject message) {
        try {
            return JsonSupport.optionalString(message, "refusal");
        } catch (MalformedReplyException notText) {
            return Optional.empty();
        }
    }

    private static TokenUsage usage(JsonObject root, ChatRequest request, String text) throws MalformedReplyException {
        if (!(root.get("usage") instanceof JsonObject usage)) {
            return ProviderReply.estimatedUsage(request, text);
        }
        Optional<Long> prompt = JsonSupport.optionalCount(usage, "prompt_tokens");
        Optional<Long> completion = JsonSupport.optionalCount(usage, "completion_tokens");
        if (prompt.isEmpty() || completion.isEmpty()) {
            return ProviderReply.estimatedUsage(request, text);
        }
        return new TokenUsage(prompt.get(), completion.get());
    }
}
