package dev.strata.application.conversation;

import dev.strata.application.audit.AuditTrail;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.conversation.ConversationId;
import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.conversation.Message;
import dev.strata.domain.conversation.MessageId;
import dev.strata.domain.conversation.MessageRole;
import dev.strata.domain.conversation.NewMessage;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.vault.CredentialScrubber;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Conversations handed to Strata (issue 17). A batch is checked whole before anything is written
 * (errors name the element, {@code messages[2].content}) and appended in one transaction; a
 * message id the conversation already holds is skipped, so a retried batch is harmless. Content
 * obeys the memory limits, so one configuration bounds every stored text. Deletes are audited;
 * retention, when configured, purges messages by the time Strata stored them. Message content is
 * stored text like a memory's: every registered vault secret is replaced before it is written (and
 * the redaction sweep reaches rows stored before a secret was set); ids are identifiers, so one
 * holding a secret is refused.
 */
public final class ConversationService {

    private static final System.Logger LOG = System.getLogger(ConversationService.class.getName());

    private final ConversationStore store;
    private final AuditTrail audit;
    private final Clock clock;
    private final MemoryLimits limits;
    private final Optional<Duration> retention;
    private final CredentialScrubber scrubber;

    /** @param retention how long stored messages are kept; empty keeps them until deleted */
    public ConversationService(ConversationStore store, AuditLog audit, Clock clock, MemoryLimits limits,
                               Optional<Duration> retention) {
        this(store, audit, clock, limits, retention, new CredentialScrubber());
    }

    /** @param scrubber the vault's scrubber: message content is stored with every registered secret replaced */
    public ConversationService(ConversationStore store, AuditLog audit, Clock clock, MemoryLimits limits,
                               Optional<Duration> retention, CredentialScrubber scrubber) {
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
        this.store = Objects.requireNonNull(store, "store");
        this.audit = new AuditTrail(audit);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.retention = Objects.requireNonNull(retention, "retention");
        retention.ifPresent(r -> {
            if (r.isNegative() || r.isZero()) {
                throw new IllegalArgumentException("retention must be positive");
            }
        });
    }

    public Optional<Duration> retention() {
        return retention;
    }

    /** {@link #append(AppendMessages, Actor)} by an unnamed actor (tests of the append rules). */
    public ConversationStore.Appended append(AppendMessages command) {
        return append(command, Actor.UNKNOWN);
    }

    /**
     * Appends a batch; a batch that stored at least one new message is one {@code conversation.append}
     * entry by {@code actor} saying how many (a re-sent batch whose messages were all stored changed
     * nothing and is not audited). The detail never quotes a message.
     */
    public ConversationStore.Appended append(AppendMessages command, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        ConversationId id = ConversationId.of(command.conversationId());
        refuseSecret(id.value(), "id");
        UserId user = command.userId().map(UserId::of).orElse(UserId.DEFAULT);
        refuseSecret(user.value(), "user_id");
        List<MessageInput> inputs = command.messages();
        if (inputs.isEmpty()) {
            throw new InvalidInputException("messages", "must contain at least one message");
        }
        if (inputs.size() > limits.maxBatchSize()) {
            throw new InvalidInputException("messages", "must contain at most " + limits.maxBatchSize() + " messages");
        }
        Instant now = clock.instant();
        List<NewMessage> messages = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            messages.add(toNew(command.tenant(), inputs.get(i), now, "messages[" + i + "]."));
        }
        ConversationStore.Appended appended = store.append(command.tenant(), id, user, messages, now);
        if (appended.inserted() > 0) {
            audit.record(new AuditEntry(command.tenant(), "conversation.append", subject(id), appended.inserted()
                    + " message" + (appended.inserted() == 1 ? "" : "s") + " appended" + (appended.ignored() > 0
                    ? ", " + appended.ignored() + " already stored" : "") + " (user " + user + ")", actor, now));
        }
        return appended;
    }

    /** The conversation and up to {@code limit} of its messages after {@code afterSeq}, in arrival order. */
    public ConversationDetail get(Tenant tenant, String conversationId, Optional<Long> afterSeq, Optional<Integer> limit) {
        ConversationId id = ConversationId.of(conversationId);
        long after = afterSeq.orElse(0L);
        if (after < 0) {
            throw new InvalidInputException("after", "must not be negative");
        }
        int n = limit.orElse(limits.maxListLimit());
        if (n < 1 || n > limits.maxListLimit()) {
            throw new InvalidInputException("limit", "must be between 1 and " + limits.maxListLimit());
        }
        var conversation = store.find(tenant, id).orElseThrow(() -> new NotFoundException("conversation", id.value()));
        List<Message> messages = store.messages(tenant, id, after, n);
        return new ConversationDetail(conversation, store.countMessages(tenant, id), messages);
    }

    /** Deletes a conversation and all its messages, and leaves an audit row saying how many. */
    public ConversationStore.Deleted delete(Tenant tenant, String conversationId, Actor actor) {
        ConversationId id = ConversationId.of(conversationId);
        ConversationStore.Deleted deleted = store.delete(tenant, id)
                .orElseThrow(() -> new NotFoundException("conversation", id.value()));
        audit.record(new AuditEntry(tenant, "conversation.delete", subject(id), "deleted with " + deleted.messages()
                + " messages (user " + deleted.conversation().userId() + ")", actor, clock.instant()));
        return deleted;
    }

    /** {@code conversation:<id>}, as other areas name their subjects ({@code memory:42}). */
    private static String subject(ConversationId id) {
        return "conversation:" + id.value();
    }

    /** Messages stored longer ago than the retention; none when retention is off. Called by the purge job. */
    public int purgeExpired() {
        if (retention.isEmpty()) {
            return 0;
        }
        Instant cutoff = clock.instant().minus(retention.get());
        int purged = store.purgeStoredBefore(cutoff);
        if (purged > 0) {
            LOG.log(System.Logger.Level.INFO, "purged {0} conversation messages stored before {1}", purged, cutoff);
        }
        return purged;
    }

    private NewMessage toNew(Tenant tenant, MessageInput input, Instant now, String prefix) {
        try {
            MessageId id = MessageId.of(input.id().orElse(null));
            refuseSecret(id.value(), "id");
            MessageRole role = MessageRole.parse(input.role().orElse(null));
            String content = input.content().orElseThrow(() -> new InvalidInputException("content", "is required"));
            if (content.strip().length() > limits.maxContentChars()) {
                throw new InvalidInputException("content", "must be at most " + limits.maxContentChars() + " characters");
            }
            // Checked as written, stored redacted: the limit is the caller's, the label is not.
            return new NewMessage(id, role, scrubber.redactFor(tenant, content), input.timestamp().orElse(now));
        } catch (InvalidInputException e) {
            throw new InvalidInputException(prefix + e.field(), e.reason());
        }
    }

    /** Ids are identifiers: redacting one would change what it names, so one holding a secret is refused. */
    private void refuseSecret(String identifier, String field) {
        if (scrubber.containsSecret(identifier)) {
            throw new InvalidInputException(field, "must not contain a vault secret");
        }
    }
}
