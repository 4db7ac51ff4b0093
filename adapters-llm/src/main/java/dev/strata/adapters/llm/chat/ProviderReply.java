package dev.strata.adapters.llm.chat;

import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.TokenUsage;
import jakarta.json.JsonObject;
import java.util.Objects;
import java.util.Optional;

/**
 * What one provider exchange produced, before structured-output handling.
 *
 * @param toolInput the arguments of a forced tool call (Anthropic's way to return structured output)
 * @param truncated the provider stopped at {@code max_tokens}, so any JSON is likely cut off
 */
record ProviderReply(String text, Optional<JsonObject> toolInput, TokenUsage usage, String model, boolean truncated) {

    ProviderReply {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(toolInput, "toolInput");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(model, "model");
    }

    /** The reply as text, for the repair prompt and error reports. */
    String asText() {
        return toolInput.map(JsonObject::toString).orElse(text);
    }

    /**
     * Usage for servers that report none (some local ones): about four characters a token, so
     * the budget still sees the call.
     */
    static TokenUsage estimatedUsage(ChatRequest request, String reply) {
        return new TokenUsage((request.promptCharacters() + 3) / 4, (reply.length() + 3) / 4);
    }
}
