package dev.strata.domain.conversation;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * A stored message. {@code seq} is the store's arrival number: it only grows (a deleted message's
 * number is never given again), so "every message after seq N" is a cursor that never skips one.
 * {@code storedAt} is when Strata received it; retention counts from it.
 */
public record Message(long seq, Tenant tenant, ConversationId conversation, MessageId id, MessageRole role,
                      String content, Instant timestamp, Instant storedAt) {

    public Message {
        if (seq < 1) {
            throw new IllegalArgumentException("seq must be positive: " + seq);
        }
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(conversation, "conversation");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        timestamp = Objects.requireNonNull(timestamp, "timestamp").truncatedTo(ChronoUnit.MILLIS);
        storedAt = Objects.requireNonNull(storedAt, "storedAt").truncatedTo(ChronoUnit.MILLIS);
    }
}
