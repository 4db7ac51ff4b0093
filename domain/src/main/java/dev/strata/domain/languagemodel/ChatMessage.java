package dev.strata.domain.languagemodel;

import java.util.Objects;

/** One turn of the conversation sent to a model; the system prompt travels separately in {@link ChatRequest}. */
public record ChatMessage(Role role, String content) {

    public enum Role { USER, ASSISTANT }

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        if (content.isBlank()) {
            throw new IllegalArgumentException("message content must not be blank");
        }
    }

    public static ChatMessage user(String content) {
        return new ChatMessage(Role.USER, content);
    }

    public static ChatMessage assistant(String content) {
        return new ChatMessage(Role.ASSISTANT, content);
    }
}
