package dev.strata.adapters.http;

import dev.strata.domain.conversation.Message;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.trading.StoredPerpsFill;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conversations and the trade mirror across tenants: a second tenant using the first tenant's
 * conversation id, fill keys and transaction hashes reads nothing of it, changes nothing of it and
 * gets rows of its own.
 */
class ConversationTradingIsolationTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final String SECRET = "zanzibar";

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private final GatewayExtension.Api mallory = gateway.api("mallory");

    @BeforeAll
    static void aliceHasAConversationFillsAndASwap() {
        GatewayExtension.Api alice = gateway.api("alice");
        alice.post("/v1/conversations/chat-z/messages", "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\",\"content\":\""
                + SECRET + " is my seed word\"}]}").assertJson(200);
        alice.post("/v1/trading/perps-fills", "{\"fills\":[{\"sub_account_id\":\"0xsub\",\"oid\":1,\"ts_ms\":"
                + "1767600000000,\"symbol\":\"BTC\",\"side\":\"B\",\"size\":1,\"price\":60000,\"tid\":77,"
                + "\"raw_json\":{\"note\":\"" + SECRET + "\"}}]}").assertJson(200);
        alice.post("/v1/trading/spot-activities", "{\"activities\":[{\"tx_hash\":\"0xfeed\",\"ts_ms\":1767600000000,"
                + "\"type\":\"swap\",\"from_token\":\"" + SECRET + "\"}]}").assertJson(200);
    }

    private static List<Message> aliceMessages() {
        return gateway.backend().mine.conversationStore.messagesAfter(ALICE, UserId.DEFAULT, 0, 100);
    }

    private static List<StoredPerpsFill> aliceFills() {
        return gateway.backend().mine.fillStore.after(ALICE, 0, 100);
    }

    private static void assertHidden(HttpReply reply) {
        assertThat(reply.text()).doesNotContain(SECRET).doesNotContain("alice");
    }

    @Test
    void another_tenant_cannot_read_or_delete_the_conversation_and_writing_to_its_id_makes_its_own() {
        List<Message> before = aliceMessages();

        assertHidden(mallory.get("/v1/conversations/chat-z").assertProblem(404));
        assertHidden(mallory.delete("/v1/conversations/chat-z").assertProblem(404));
        assertThat(mallory.post("/v1/conversations/chat-z/messages", "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                + "\"content\":\"mallory's\"}]}").assertJson(200).json().getInt("inserted")).isEqualTo(1);

        assertThat(aliceMessages()).isEqualTo(before);
        assertThat(mallory.get("/v1/conversations/chat-z").text()).contains("mallory's").doesNotContain(SECRET);
    }

    @Test
    void another_tenant_sees_none_of_the_mirror_and_its_pushes_of_the_same_keys_are_its_own() {
        List<StoredPerpsFill> before = aliceFills();

        assertThat(mallory.get("/v1/trading/profile").assertJson(200).json().getInt("trades")).isZero();
        assertHidden(mallory.get("/v1/trading/trades?asset=BTC").assertJson(200));
        assertHidden(mallory.get("/v1/trading/sync-state").assertJson(200));
        assertHidden(mallory.post("/v1/tools/search_user_trades", "{\"asset\":\"BTC\"}").assertJson(200));
        assertThat(mallory.post("/v1/trading/perps-fills", "{\"fills\":[{\"sub_account_id\":\"0xsub\",\"oid\":1,"
                + "\"ts_ms\":1767600000000,\"symbol\":\"BTC\",\"side\":\"B\",\"size\":9,\"price\":1,\"tid\":77}]}")
                .json().getInt("inserted")).isEqualTo(1);
        assertThat(mallory.post("/v1/trading/spot-activities", "{\"activities\":[{\"tx_hash\":\"0xfeed\",\"ts_ms\":1,"
                + "\"type\":\"swap\"}]}").json().getInt("inserted")).isEqualTo(1);
        assertHidden(mallory.post("/v1/profile/refresh", "{}").assertJson(200));

        assertThat(aliceFills()).isEqualTo(before);
        assertThat(gateway.api("alice").get("/v1/trading/trades?asset=BTC").json().getJsonArray("trades"))
                .singleElement().satisfies(t -> assertThat(t.asJsonObject().getJsonNumber("size").intValue()).isEqualTo(1));
    }
}
