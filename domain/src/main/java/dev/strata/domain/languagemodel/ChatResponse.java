package dev.strata.domain.languagemodel;

import dev.strata.domain.json.JsonNode;

import java.util.Objects;
import java.util.Optional;

/**
 * A model's answer. {@code json} is present exactly when the request carried an
 * {@link OutputSchema}, and then it has already been validated against that schema.
 * {@code usage} covers every exchange the answer took, including a repair retry.
 */
public record ChatResponse(String text, Optional<JsonNode.ObjectNode> json, TokenUsage usage, String model) {

    public ChatResponse {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(model, "model");
    }

    public static ChatResponse text(String text, TokenUsage usage, String model) {
        return new ChatResponse(text, Optional.empty(), usage, model);
    }

    public static ChatResponse structured(String text, JsonNode.ObjectNode json, TokenUsage usage, String model) {
        return new ChatResponse(text, Optional.of(json), usage, model);
    }

    /** The validated object of a structured request; fails when the request asked for plain text. */
    public JsonNode.ObjectNode structured() {
        return json.orElseThrow(() -> new IllegalStateException("the request carried no output schema"));
    }
}
