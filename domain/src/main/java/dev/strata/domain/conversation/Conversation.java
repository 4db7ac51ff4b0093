package dev.strata.domain.conversation;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/** A conversation: created by its first batch of messages, owned by one user of one tenant. */
public record Conversation(Tenant tenant, ConversationId id, UserId userId, Instant createdAt) {

    public Conversation {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(userId, "userId");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MILLIS);
    }
}
