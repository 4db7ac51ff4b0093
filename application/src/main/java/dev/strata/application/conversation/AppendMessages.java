package dev.strata.application.conversation;

import dev.strata.domain.memory.Tenant;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A batch for one conversation; {@code userId} defaults to {@code default} (spec 04). */
public record AppendMessages(Tenant tenant, String conversationId, Optional<String> userId, List<MessageInput> messages) {

    public AppendMessages {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(userId, "userId");
        messages = List.copyOf(Objects.requireNonNull(messages, "messages"));
    }
}
