package dev.strata.application.conversation;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.conversation.ConversationStore;
import dev.strata.domain.conversation.InMemoryConversationStore;
import dev.strata.domain.conversation.Message;
import dev.strata.domain.conversation.MessageRole;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConversationServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final MemoryLimits LIMITS = new MemoryLimits(40, 4_096, 3, 10, 100, 5, 10);

    private final MutableClock clock = new MutableClock(T0);
    private final InMemoryConversationStore store = new InMemoryConversationStore();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();
    private final ConversationService service = new ConversationService(store, audit, clock, LIMITS,
            Optional.of(Duration.ofDays(30)));

    private static AppendMessages batch(Tenant tenant, String chat, MessageInput... messages) {
        return new AppendMessages(tenant, chat, Optional.empty(), List.of(messages));
    }

    @Test
    void a_batch_is_appended_once_and_a_resent_batch_inserts_nothing() {
        AppendMessages batch = batch(ALICE, "chat-1", MessageInput.of("m1", "user", "I only trade BTC"),
                MessageInput.of("m2", "assistant", "Noted."));

        assertThat(service.append(batch).inserted()).isEqualTo(2);
        clock.advance(Duration.ofMinutes(1));
        ConversationStore.Appended again = service.append(batch);

        assertThat(again.inserted()).isZero();
        assertThat(again.ignored()).isEqualTo(2);
        assertThat(service.get(ALICE, "chat-1", Optional.empty(), Optional.empty()).messages())
                .extracting(Message::content).containsExactly("I only trade BTC", "Noted.");
    }

    @Test
    void an_append_that_stored_messages_is_one_audit_entry_by_its_actor_and_a_resent_batch_adds_none() {
        AppendMessages batch = batch(ALICE, "chat-1", MessageInput.of("m1", "user", "I only trade BTC"),
                MessageInput.of("m2", "assistant", "Noted."));
        dev.strata.domain.memory.Actor ui = new dev.strata.domain.memory.Actor("chat-ui", Optional.empty());

        service.append(batch, ui);
        service.append(batch, ui);

        assertThat(audit.recent(ALICE, 10)).extracting(AuditEntry::action, AuditEntry::subject, AuditEntry::detail,
                        AuditEntry::actor)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("conversation.append", "conversation:chat-1",
                        "2 messages appended (user default)", ui));
        assertThat(audit.recent(BOB, 10)).isEmpty();
    }

    @Test
    void a_message_without_a_timestamp_is_stamped_with_the_clock_and_the_owner_defaults_to_default() {
        ConversationStore.Appended appended = service.append(batch(ALICE, "chat-1", MessageInput.of("m1", "USER", "hi")));

        assertThat(appended.conversation().userId()).isEqualTo(UserId.DEFAULT);
        Message m = service.get(ALICE, "chat-1", Optional.empty(), Optional.empty()).messages().getFirst();
        assertThat(m.timestamp()).isEqualTo(T0);
        assertThat(m.role()).isEqualTo(MessageRole.USER);
    }

    @Test
    void errors_name_the_offending_element_and_nothing_of_the_batch_is_written() {
        assertThat(field(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "fine"),
                MessageInput.of("m2", "user", "x".repeat(41))))).isEqualTo("messages[1].content");
        assertThat(field(batch(ALICE, "chat-1", MessageInput.of("m1", "narrator", "hi")))).isEqualTo("messages[0].role");
        assertThat(field(batch(ALICE, "chat-1", MessageInput.of("bad id", "user", "hi")))).isEqualTo("messages[0].id");
        assertThat(field(batch(ALICE, "chat-1", new MessageInput(Optional.of("m"), Optional.of("user"),
                Optional.empty(), Optional.empty())))).isEqualTo("messages[0].content");
        assertThat(field(batch(ALICE, "chat-1", new MessageInput(Optional.of("m"), Optional.of("user"),
                Optional.of("hi"), Optional.of(Instant.parse("1969-12-31T00:00:00Z")))))).isEqualTo("messages[0].timestamp");
        assertThat(field(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "\u0000")))).isEqualTo("messages[0].content");
        assertThat(field(batch(ALICE, "../x", MessageInput.of("m1", "user", "hi")))).isEqualTo("conversation_id");
        assertThat(field(new AppendMessages(ALICE, "chat-1", Optional.of("a user"),
                List.of(MessageInput.of("m1", "user", "hi"))))).isEqualTo("user_id");
        assertThat(field(batch(ALICE, "chat-1"))).isEqualTo("messages");
        List<MessageInput> four = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            four.add(MessageInput.of("m" + i, "user", "hi"));
        }
        assertThat(field(new AppendMessages(ALICE, "chat-1", Optional.empty(), four))).isEqualTo("messages");
        assertThat(store.find(ALICE, dev.strata.domain.conversation.ConversationId.of("chat-1"))).isEmpty();
    }

    private String field(AppendMessages command) {
        try {
            service.append(command);
        } catch (InvalidInputException e) {
            return e.field();
        }
        throw new AssertionError("accepted");
    }

    @Test
    void a_conversation_of_another_user_is_a_conflict() {
        service.append(new AppendMessages(ALICE, "chat-1", Optional.of("ada"), List.of(MessageInput.of("m1", "user", "hi"))));

        assertThatThrownBy(() -> service.append(new AppendMessages(ALICE, "chat-1", Optional.of("eve"),
                List.of(MessageInput.of("m2", "user", "hi"))))).isInstanceOf(ConflictException.class);
    }

    @Test
    void get_pages_after_a_sequence_number_within_the_list_limit() {
        service.append(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "one"), MessageInput.of("m2", "user", "two"),
                MessageInput.of("m3", "user", "three")));
        ConversationDetail first = service.get(ALICE, "chat-1", Optional.empty(), Optional.of(2));

        assertThat(first.messageCount()).isEqualTo(3);
        assertThat(first.messages()).extracting(Message::content).containsExactly("one", "two");
        assertThat(service.get(ALICE, "chat-1", Optional.of(first.messages().getLast().seq()), Optional.empty())
                .messages()).extracting(Message::content).containsExactly("three");
        assertThatThrownBy(() -> service.get(ALICE, "chat-1", Optional.empty(), Optional.of(11)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> service.get(ALICE, "chat-1", Optional.of(-1L), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("after"));
    }

    @Test
    void another_tenant_sees_no_such_conversation_and_cannot_delete_it() {
        service.append(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "alice's")));

        assertThatThrownBy(() -> service.get(BOB, "chat-1", Optional.empty(), Optional.empty()))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> service.delete(BOB, "chat-1", dev.strata.application.provenance.TestOrigins.PERSON_ACTOR))
                .isInstanceOf(NotFoundException.class);
        assertThat(service.get(ALICE, "chat-1", Optional.empty(), Optional.empty()).messageCount()).isEqualTo(1);
        assertThat(audit.recent(BOB, 10)).isEmpty();
    }

    @Test
    void deleting_a_conversation_is_audited_with_what_went() {
        service.append(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "one"), MessageInput.of("m2", "user", "two")));

        service.delete(ALICE, "chat-1", dev.strata.application.provenance.TestOrigins.PERSON_ACTOR);

        AuditEntry entry = audit.recent(ALICE, 1).getFirst();
        assertThat(entry.action()).isEqualTo("conversation.delete");
        assertThat(entry.subject()).isEqualTo("conversation:chat-1");
        assertThat(entry.actor()).isEqualTo(dev.strata.application.provenance.TestOrigins.PERSON_ACTOR);
        assertThat(entry.detail()).contains("2 messages");
        assertThatThrownBy(() -> service.get(ALICE, "chat-1", Optional.empty(), Optional.empty()))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void the_purge_removes_messages_stored_longer_ago_than_the_retention() {
        service.append(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "old")));
        clock.advance(Duration.ofDays(20));
        service.append(batch(ALICE, "chat-1", MessageInput.of("m2", "user", "new")));
        clock.advance(Duration.ofDays(11));

        assertThat(service.purgeExpired()).isEqualTo(1);
        assertThat(service.get(ALICE, "chat-1", Optional.empty(), Optional.empty()).messages())
                .extracting(Message::content).containsExactly("new");
    }

    @Test
    void without_retention_nothing_is_ever_purged() {
        ConversationService keepForever = new ConversationService(store, audit, clock, LIMITS, Optional.empty());
        keepForever.append(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "old")));
        clock.advance(Duration.ofDays(3650));

        assertThat(keepForever.purgeExpired()).isZero();
        assertThat(store.countMessages(ALICE, dev.strata.domain.conversation.ConversationId.of("chat-1"))).isEqualTo(1);
    }

    @Test
    void content_is_stored_with_every_vault_secret_replaced_and_an_id_holding_one_is_refused() {
        String secret = "sk-live-CHAT0123456789";
        dev.strata.domain.vault.CredentialScrubber scrubber = new dev.strata.domain.vault.CredentialScrubber();
        scrubber.register(ALICE, "EXCHANGE_KEY", secret);
        ConversationService redacting = new ConversationService(store, audit, clock, LIMITS, Optional.empty(), scrubber);

        redacting.append(batch(ALICE, "chat-1", MessageInput.of("m1", "user", "my key: " + secret.toUpperCase()),
                MessageInput.of("m2", "user", "nothing here")));

        assertThat(store.messages(ALICE, dev.strata.domain.conversation.ConversationId.of("chat-1"), 0, 10))
                .extracting(Message::content).containsExactly("my key: [REDACTED:vault:EXCHANGE_KEY]", "nothing here");
        assertThatThrownBy(() -> redacting.append(batch(ALICE, secret, MessageInput.of("m1", "user", "x"))))
                .isInstanceOf(dev.strata.domain.error.InvalidInputException.class)
                .satisfies(e -> assertThat(((dev.strata.domain.error.InvalidInputException) e).field()).isEqualTo("id"));
        assertThatThrownBy(() -> redacting.append(batch(ALICE, "chat-2", MessageInput.of(secret, "user", "x"))))
                .isInstanceOf(dev.strata.domain.error.InvalidInputException.class)
                .satisfies(e -> assertThat(((dev.strata.domain.error.InvalidInputException) e).field())
                        .isEqualTo("messages[0].id"));
        assertThat(store.find(ALICE, dev.strata.domain.conversation.ConversationId.of("chat-2"))).isEmpty();
    }
}
