package dev.strata.application.conversation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** One message of a batch as the client sent it; the service checks every field and names it in errors. */
public record MessageInput(Optional<String> id, Optional<String> role, Optional<String> content,
                           Optional<Instant> timestamp) {

    public MessageInput {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(timestamp, "timestamp");
    }

    public static MessageInput of(String id, String role, String content) {
        return new MessageInput(Optional.of(id), Optional.of(role), Optional.of(content), Optional.empty());
    }
}
