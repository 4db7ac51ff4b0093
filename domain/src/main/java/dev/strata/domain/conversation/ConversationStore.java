package dev.strata.domain.conversation;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Driven port: conversations and their messages. Every method takes the tenant; nothing of one
 * tenant is visible to another, even under the same conversation id.
 */
public interface ConversationStore {

    /**
     * Appends a batch in one transaction, creating the conversation for {@code user} when it does not
     * exist. A message whose id the conversation already holds (or that appeared earlier in the same
     * batch) is skipped, so a re-sent batch inserts nothing. Fails with
     * {@link dev.strata.domain.error.ConflictException} when the conversation exists for another
     * user; then nothing is written.
     */
    Appended append(Tenant tenant, ConversationId id, UserId user, List<NewMessage> messages, Instant now);

    Optional<Conversation> find(Tenant tenant, ConversationId id);

    /** The conversation's messages with {@code seq > afterSeq}, in arrival order, at most {@code limit}. */
    List<Message> messages(Tenant tenant, ConversationId id, long afterSeq, int limit);

    long countMessages(Tenant tenant, ConversationId id);

    /**
     * The messages of every conversation {@code user} owns with {@code seq > afterSeq}, in arrival
     * order, at most {@code limit} (the memory rebuilder's scan from its cursor).
     */
    List<Message> messagesAfter(Tenant tenant, UserId user, long afterSeq, int limit);

    /** Deletes the conversation and its messages; empty when there was no such conversation. */
    Optional<Deleted> delete(Tenant tenant, ConversationId id);

    /**
     * Retention: deletes every message stored before {@code cutoff}, then every conversation created
     * before it that has no message left. Returns how many messages went.
     */
    int purgeStoredBefore(Instant cutoff);

    /** Tenants holding at least one message (the rebuild sweep's list). */
    List<Tenant> tenants();

    /** The users of the tenant owning at least one message, by user id. */
    List<UserId> users(Tenant tenant);

    /** What an append did; {@code conversation} as stored (its creation time, its owner). */
    record Appended(Conversation conversation, int inserted, int ignored) {
        public Appended {
            Objects.requireNonNull(conversation, "conversation");
            if (inserted < 0 || ignored < 0) {
                throw new IllegalArgumentException("counts must not be negative");
            }
        }
    }

    /** What a delete removed. */
    record Deleted(Conversation conversation, long messages) {
        public Deleted {
            Objects.requireNonNull(conversation, "conversation");
        }
    }
}
