package dev.strata.adapters.http;

import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Conversations over a real socket: idempotent batches, paging, audited delete, tenant isolation. */
class ConversationEndpointsTest {

    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes();

    private static final String BATCH = """
            {"user_id": "ada", "messages": [
              {"id": "m1", "role": "user", "content": "I only trade BTC", "timestamp": "2026-01-05T08:00:00Z"},
              {"id": "m2", "role": "assistant", "content": "Noted.", "timestamp": 1767600060000}]}""";

    @Test
    void a_batch_is_stored_once_and_re_sending_it_inserts_nothing() {
        JsonObject first = gateway.api("alice").post("/v1/conversations/chat-1/messages", BATCH).assertJson(200).json();
        JsonObject again = gateway.api("alice").post("/v1/conversations/chat-1/messages", BATCH).assertJson(200).json();

        assertThat(first.getInt("inserted")).isEqualTo(2);
        assertThat(again.getInt("inserted")).isZero();
        assertThat(again.getInt("ignored")).isEqualTo(2);
        JsonObject chat = gateway.api("alice").get("/v1/conversations/chat-1").assertJson(200).json();
        assertThat(chat.getString("user_id")).isEqualTo("ada");
        assertThat(chat.getInt("message_count")).isEqualTo(2);
        JsonObject m2 = chat.getJsonArray("messages").getJsonObject(1);
        assertThat(m2.getString("role")).isEqualTo("assistant");
        assertThat(m2.getString("timestamp")).isEqualTo("2026-01-05T08:01:00Z");
        assertThat(m2.getString("stored_at")).isEqualTo("2026-01-05T09:00:00Z");
    }

    @Test
    void messages_page_after_a_sequence_number() {
        gateway.api("alice").post("/v1/conversations/chat-1/messages", BATCH).assertJson(200);
        long firstSeq = gateway.api("alice").get("/v1/conversations/chat-1?limit=1").json().getJsonArray("messages")
                .getJsonObject(0).getJsonNumber("seq").longValueExact();

        JsonObject rest = gateway.api("alice").get("/v1/conversations/chat-1?after=" + firstSeq).json();

        assertThat(rest.getJsonArray("messages")).hasSize(1);
        assertThat(rest.getJsonArray("messages").getJsonObject(0).getString("id")).isEqualTo("m2");
        gateway.api("alice").get("/v1/conversations/chat-1?after=abc").assertProblem(400, "after");
    }

    @Test
    void bad_messages_are_refused_naming_the_element_and_nothing_is_stored() {
        gateway.api("alice").post("/v1/conversations/chat-1/messages", """
                {"messages": [{"id": "m1", "role": "user", "content": "fine"},
                              {"id": "m2", "role": "narrator", "content": "x"}]}""").assertProblem(400, "messages[1].role");
        gateway.api("alice").post("/v1/conversations/chat-1/messages", """
                {"messages": [{"id": "m1", "role": "user", "content": "hi", "timestamp": "yesterday"}]}""")
                .assertProblem(400, "messages[0].timestamp");
        gateway.api("alice").post("/v1/conversations/chat-1/messages", """
                {"messages": [{"id": "m1", "role": "user", "content": "hi", "colour": "red"}]}""")
                .assertProblem(400, "messages[0].colour");
        gateway.api("alice").post("/v1/conversations/a%20b/messages", """
                {"messages": [{"id": "m1", "role": "user", "content": "hi"}]}""").assertProblem(400, "conversation_id");
        gateway.api("alice").post("/v1/conversations/chat-1/messages", "{\"messages\": []}").assertProblem(400, "messages");

        gateway.api("alice").get("/v1/conversations/chat-1").assertProblem(404);
    }

    @Test
    void another_tenant_neither_sees_nor_deletes_a_conversation_and_a_delete_is_audited() {
        gateway.api("alice").post("/v1/conversations/chat-1/messages", BATCH).assertJson(200);

        gateway.api("bob").get("/v1/conversations/chat-1").assertProblem(404);
        gateway.api("bob").delete("/v1/conversations/chat-1").assertProblem(404);
        JsonObject deleted = gateway.api("alice").delete("/v1/conversations/chat-1").assertJson(200).json();

        assertThat(deleted.getInt("messages")).isEqualTo(2);
        gateway.api("alice").get("/v1/conversations/chat-1").assertProblem(404);
        AuditEntry entry = gateway.backend().audit.recent(Tenant.of("alice"), 1).getFirst();
        assertThat(entry.action()).isEqualTo("conversation.delete");
        assertThat(gateway.backend().audit.recent(Tenant.of("bob"), 10)).isEmpty();
    }

    @Test
    void a_conversation_owned_by_another_user_refuses_the_batch() {
        gateway.api("alice").post("/v1/conversations/chat-1/messages", BATCH).assertJson(200);

        gateway.api("alice").post("/v1/conversations/chat-1/messages", """
                {"user_id": "eve", "messages": [{"id": "m9", "role": "user", "content": "mine now"}]}""")
                .assertProblem(409);
    }
}
