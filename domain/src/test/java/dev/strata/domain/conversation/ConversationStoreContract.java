package dev.strata.domain.conversation;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link ConversationStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class ConversationStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final ConversationId CHAT = ConversationId.of("chat-1");
    protected static final UserId ADA = UserId.of("ada");
    protected static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    /** Text a serialisation could easily alter: quotes, backslashes, tabs, astral characters, line separators. */
    protected static final String AWKWARD = "\"Quote\" \\ back\\slash\ttab \u00e9 \u4e2d\u6587 \uD83E\uDD85 \u2028 "
            + "'; DROP TABLE messages; --";

    protected ConversationStore store;

    protected abstract ConversationStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    protected static NewMessage message(String id, MessageRole role, String content) {
        return new NewMessage(MessageId.of(id), role, content, T0);
    }

    @Test
    void an_append_creates_the_conversation_and_reads_back_every_message_exactly() {
        ConversationStore.Appended appended = store.append(ALICE, CHAT, ADA, List.of(
                message("m1", MessageRole.USER, "I only trade BTC"),
                new NewMessage(MessageId.of("m2"), MessageRole.ASSISTANT, AWKWARD, T0.plusMillis(1234))), T0);

        assertThat(appended.inserted()).isEqualTo(2);
        assertThat(appended.ignored()).isZero();
        assertThat(appended.conversation()).isEqualTo(new Conversation(ALICE, CHAT, ADA, T0));
        assertThat(store.find(ALICE, CHAT)).contains(appended.conversation());
        List<Message> read = store.messages(ALICE, CHAT, 0, 10);
        assertThat(read).extracting(Message::id).containsExactly(MessageId.of("m1"), MessageId.of("m2"));
        assertThat(read.get(1).content()).isEqualTo(AWKWARD);
        assertThat(read.get(1).role()).isEqualTo(MessageRole.ASSISTANT);
        assertThat(read.get(1).timestamp()).isEqualTo(T0.plusMillis(1234));
        assertThat(read.get(1).storedAt()).isEqualTo(T0);
        assertThat(read.get(0).seq()).isLessThan(read.get(1).seq());
        assertThat(store.countMessages(ALICE, CHAT)).isEqualTo(2);
    }

    @Test
    void re_sending_a_batch_inserts_nothing_and_changes_nothing() {
        List<NewMessage> batch = List.of(message("m1", MessageRole.USER, "first"),
                message("m2", MessageRole.ASSISTANT, "second"));
        store.append(ALICE, CHAT, ADA, batch, T0);
        List<Message> before = store.messages(ALICE, CHAT, 0, 10);

        ConversationStore.Appended again = store.append(ALICE, CHAT, ADA, List.of(
                message("m1", MessageRole.USER, "first, edited"), message("m2", MessageRole.ASSISTANT, "second"),
                message("m3", MessageRole.USER, "third")), T0.plusSeconds(60));

        assertThat(again.inserted()).isEqualTo(1);
        assertThat(again.ignored()).isEqualTo(2);
        List<Message> after = store.messages(ALICE, CHAT, 0, 10);
        assertThat(after.subList(0, 2)).isEqualTo(before);
        assertThat(after.get(2).content()).isEqualTo("third");
        assertThat(again.conversation().createdAt()).isEqualTo(T0);
    }

    @Test
    void an_id_repeated_within_one_batch_is_stored_once_the_first_time() {
        ConversationStore.Appended appended = store.append(ALICE, CHAT, ADA, List.of(
                message("m1", MessageRole.USER, "kept"), message("m1", MessageRole.USER, "dropped")), T0);

        assertThat(appended.inserted()).isEqualTo(1);
        assertThat(store.messages(ALICE, CHAT, 0, 10)).extracting(Message::content).containsExactly("kept");
    }

    @Test
    void the_same_message_id_in_another_conversation_is_another_message() {
        store.append(ALICE, CHAT, ADA, List.of(message("m1", MessageRole.USER, "one")), T0);
        ConversationStore.Appended other = store.append(ALICE, ConversationId.of("chat-2"), ADA,
                List.of(message("m1", MessageRole.USER, "two")), T0);

        assertThat(other.inserted()).isEqualTo(1);
    }

    @Test
    void a_conversation_of_another_user_refuses_the_batch_and_keeps_nothing_of_it() {
        store.append(ALICE, CHAT, ADA, List.of(message("m1", MessageRole.USER, "one")), T0);

        assertThatThrownBy(() -> store.append(ALICE, CHAT, UserId.of("eve"),
                List.of(message("m2", MessageRole.USER, "two")), T0)).isInstanceOf(ConflictException.class);
        assertThat(store.messages(ALICE, CHAT, 0, 10)).extracting(Message::id).containsExactly(MessageId.of("m1"));
    }

    @Test
    void tenants_never_see_each_others_conversations_or_messages() {
        store.append(ALICE, CHAT, ADA, List.of(message("m1", MessageRole.USER, "alice's secret")), T0);
        ConversationStore.Appended bobs = store.append(BOB, CHAT, ADA,
                List.of(message("m1", MessageRole.USER, "bob's words")), T0);

        assertThat(bobs.inserted()).isEqualTo(1);
        assertThat(store.messages(BOB, CHAT, 0, 10)).extracting(Message::content).containsExactly("bob's words");
        assertThat(store.messagesAfter(BOB, ADA, 0, 10)).extracting(Message::content).containsExactly("bob's words");
        assertThat(store.delete(BOB, CHAT)).isPresent();
        assertThat(store.find(ALICE, CHAT)).isPresent();
        assertThat(store.messages(ALICE, CHAT, 0, 10)).extracting(Message::content).containsExactly("alice's secret");
        assertThat(store.find(Tenant.of("carol"), CHAT)).isEmpty();
    }

    @Test
    void messages_after_a_sequence_number_cross_conversations_in_arrival_order() {
        store.append(ALICE, CHAT, ADA, List.of(message("a1", MessageRole.USER, "a1")), T0);
        store.append(ALICE, ConversationId.of("chat-2"), ADA, List.of(message("b1", MessageRole.USER, "b1"),
                message("b2", MessageRole.USER, "b2")), T0);
        store.append(ALICE, CHAT, ADA, List.of(message("a2", MessageRole.USER, "a2")), T0);

        List<Message> all = store.messagesAfter(ALICE, ADA, 0, 10);
        assertThat(all).extracting(Message::content).containsExactly("a1", "b1", "b2", "a2");
        assertThat(store.messagesAfter(ALICE, ADA, all.get(1).seq(), 2)).extracting(Message::content)
                .containsExactly("b2", "a2");
        assertThat(store.messagesAfter(ALICE, ADA, all.get(3).seq(), 10)).isEmpty();
        assertThat(store.messages(ALICE, CHAT, all.get(0).seq(), 10)).extracting(Message::content).containsExactly("a2");
    }

    @Test
    void a_deleted_message_number_is_never_given_again() {
        store.append(ALICE, CHAT, ADA, List.of(message("m1", MessageRole.USER, "one"),
                message("m2", MessageRole.USER, "two")), T0);
        long last = store.messagesAfter(ALICE, ADA, 0, 10).getLast().seq();
        store.delete(ALICE, CHAT);

        store.append(ALICE, CHAT, ADA, List.of(message("m3", MessageRole.USER, "three")), T0);

        assertThat(store.messagesAfter(ALICE, ADA, last, 10)).extracting(Message::content).containsExactly("three");
    }

    @Test
    void delete_removes_the_conversation_with_its_messages_and_says_how_many() {
        store.append(ALICE, CHAT, ADA, List.of(message("m1", MessageRole.USER, "one"),
                message("m2", MessageRole.USER, "two")), T0);

        ConversationStore.Deleted deleted = store.delete(ALICE, CHAT).orElseThrow();

        assertThat(deleted.messages()).isEqualTo(2);
        assertThat(deleted.conversation().userId()).isEqualTo(ADA);
        assertThat(store.find(ALICE, CHAT)).isEmpty();
        assertThat(store.messagesAfter(ALICE, ADA, 0, 10)).isEmpty();
        assertThat(store.delete(ALICE, CHAT)).isEmpty();
    }

    @Test
    void the_purge_removes_messages_stored_before_the_cutoff_and_conversations_left_empty() {
        store.append(ALICE, CHAT, ADA, List.of(message("old", MessageRole.USER, "old")), T0);
        store.append(ALICE, CHAT, ADA, List.of(message("new", MessageRole.USER, "new")), T0.plus(Duration.ofDays(10)));
        store.append(BOB, ConversationId.of("stale"), ADA, List.of(message("x", MessageRole.USER, "x")), T0);

        int purged = store.purgeStoredBefore(T0.plus(Duration.ofDays(5)));

        assertThat(purged).isEqualTo(2);
        assertThat(store.messages(ALICE, CHAT, 0, 10)).extracting(Message::content).containsExactly("new");
        assertThat(store.find(ALICE, CHAT)).isPresent();
        assertThat(store.find(BOB, ConversationId.of("stale"))).isEmpty();
        assertThat(store.tenants()).containsExactly(ALICE);
    }

    @Test
    void messages_after_a_sequence_number_are_only_those_of_the_users_own_conversations() {
        store.append(ALICE, CHAT, ADA, List.of(message("a1", MessageRole.USER, "ada's")), T0);
        store.append(ALICE, ConversationId.of("chat-2"), UserId.of("eve"), List.of(message("e1", MessageRole.USER,
                "eve's")), T0);

        assertThat(store.messagesAfter(ALICE, ADA, 0, 10)).extracting(Message::content).containsExactly("ada's");
        assertThat(store.messagesAfter(ALICE, UserId.of("eve"), 0, 10)).extracting(Message::content)
                .containsExactly("eve's");
        assertThat(store.users(ALICE)).containsExactly(ADA, UserId.of("eve"));
        assertThat(store.users(BOB)).isEmpty();
    }

    @Test
    void tenants_lists_each_tenant_holding_messages_once() {
        store.append(BOB, CHAT, ADA, List.of(message("m1", MessageRole.USER, "b")), T0);
        store.append(ALICE, CHAT, ADA, List.of(message("m1", MessageRole.USER, "a"),
                message("m2", MessageRole.USER, "a")), T0);

        assertThat(store.tenants()).containsExactlyInAnyOrder(ALICE, BOB);
    }
}
