package dev.strata.domain.languagemodel;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A question for a {@link LanguageModel}. Every call is charged to a tenant and a
 * {@link SpendCategory}, so both travel with the request rather than beside it.
 *
 * <p>Temperature is limited to [0, 1], the range every supported provider accepts. The first
 * message must come from the user, which Anthropic requires and OpenAI accepts.
 */
public record ChatRequest(
        String tenant,
        SpendCategory category,
        String system,
        List<ChatMessage> messages,
        double temperature,
        int maxTokens,
        Optional<OutputSchema> outputSchema) {

    public static final double DEFAULT_TEMPERATURE = 0.0;
    public static final int DEFAULT_MAX_TOKENS = 1024;
    public static final int MAX_TOKENS_LIMIT = 200_000;

    public ChatRequest {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(outputSchema, "outputSchema");
        if (tenant.isBlank()) {
            throw new IllegalArgumentException("tenant must not be blank");
        }
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat request needs at least one message");
        }
        if (messages.getFirst().role() != ChatMessage.Role.USER) {
            throw new IllegalArgumentException("the first message must come from the user");
        }
        if (!(temperature >= 0.0 && temperature <= 1.0)) {
            throw new IllegalArgumentException("temperature must be within [0, 1]: " + temperature);
        }
        if (maxTokens < 1 || maxTokens > MAX_TOKENS_LIMIT) {
            throw new IllegalArgumentException("maxTokens must be within [1, " + MAX_TOKENS_LIMIT + "]: " + maxTokens);
        }
    }

    /** A single-question request with deterministic defaults (temperature 0, 1024 output tokens). */
    public static ChatRequest of(String tenant, SpendCategory category, String system, String userMessage) {
        return new ChatRequest(tenant, category, system, List.of(ChatMessage.user(userMessage)),
                DEFAULT_TEMPERATURE, DEFAULT_MAX_TOKENS, Optional.empty());
    }

    public ChatRequest withMessages(List<ChatMessage> newMessages) {
        return new ChatRequest(tenant, category, system, newMessages, temperature, maxTokens, outputSchema);
    }

    public ChatRequest withTemperature(double newTemperature) {
        return new ChatRequest(tenant, category, system, messages, newTemperature, maxTokens, outputSchema);
    }

    public ChatRequest withMaxTokens(int newMaxTokens) {
        return new ChatRequest(tenant, category, system, messages, temperature, newMaxTokens, outputSchema);
    }

    public ChatRequest expecting(OutputSchema schema) {
        return new ChatRequest(tenant, category, system, messages, temperature, maxTokens, Optional.of(schema));
    }

    /** Characters of prompt text, the basis of the pre-call cost estimate. */
    public long promptCharacters() {
        return system.length() + messages.stream().mapToLong(m -> m.content().length()).sum();
    }
}
