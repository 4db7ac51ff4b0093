package dev.strata.adapters.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 13: a frozen session can be revoked, and erasing a memory can revoke the sessions whose prompt holds it. */
class SessionRevocationTest {

    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes();

    private String startSession(String tenant) {
        return gateway.api(tenant).request("POST", "/v1/sessions").send().assertJson(201).json().getString("id");
    }

    private long remember(String tenant, String content) {
        return gateway.api(tenant).post("/v1/memory", "{\"category\":\"preference\",\"content\":\"" + content + "\"}")
                .assertJson(201).id();
    }

    @Test
    void a_revoked_session_and_its_prompt_are_gone() {
        remember("acme", "prefers limit orders");
        String id = startSession("acme");
        assertThat(gateway.api("acme").get("/v1/sessions/" + id + "/prompt").assertStatus(200).text())
                .contains("prefers limit orders");

        gateway.api("acme").delete("/v1/sessions/" + id).assertStatus(204);

        gateway.api("acme").get("/v1/sessions/" + id + "/prompt").assertProblem(404);
        gateway.api("acme").get("/v1/sessions/" + id).assertProblem(404);
        gateway.api("acme").delete("/v1/sessions/" + id).assertProblem(404);
    }

    @Test
    void another_tenant_cannot_revoke_the_session() {
        String id = startSession("acme");

        gateway.api("intruder").delete("/v1/sessions/" + id).assertProblem(404);

        gateway.api("acme").get("/v1/sessions/" + id).assertJson(200);
    }

    @Test
    void erasing_a_memory_with_revoke_sessions_revokes_exactly_the_sessions_that_hold_it() {
        long secret = remember("acme", "account number ends 4417");
        String holding = startSession("acme");
        String otherTenant = startSession("globex");

        HttpReply erased = gateway.api("acme").delete("/v1/memory/" + secret + "?revoke_sessions=true")
                .assertStatus(204);

        assertThat(erased.headers().firstValue("X-Strata-Revoked-Sessions")).contains("1");
        gateway.api("acme").get("/v1/sessions/" + holding + "/prompt").assertProblem(404);
        gateway.api("globex").get("/v1/sessions/" + otherTenant).assertJson(200);
        String fresh = startSession("acme");
        assertThat(gateway.api("acme").get("/v1/sessions/" + fresh + "/prompt").text()).doesNotContain("4417");
    }

    @Test
    void a_plain_delete_leaves_live_sessions_frozen() {
        long id = remember("acme", "uses a hardware wallet");
        String session = startSession("acme");

        HttpReply deleted = gateway.api("acme").delete("/v1/memory/" + id).assertStatus(204);

        assertThat(deleted.headers().firstValue("X-Strata-Revoked-Sessions")).contains("0");
        assertThat(gateway.api("acme").get("/v1/sessions/" + session + "/prompt").text())
                .contains("uses a hardware wallet");
    }

    @Test
    void a_session_that_does_not_hold_the_memory_survives_its_erasure() {
        String before = startSession("acme");
        long later = remember("acme", "written after the session started");

        gateway.api("acme").delete("/v1/memory/" + later + "?revoke_sessions=true").assertStatus(204);

        gateway.api("acme").get("/v1/sessions/" + before).assertJson(200);
    }

    @Test
    void erasing_by_key_revokes_too_and_a_bad_flag_is_a_400() {
        gateway.api("acme").post("/v1/memory", "{\"category\":\"decision\",\"key\":\"auth\",\"content\":\"JWT\"}")
                .assertJson(201);
        String session = startSession("acme");

        gateway.api("acme").delete("/v1/memory?key=auth&revoke_sessions=yes").assertProblem(400, "revoke_sessions");
        gateway.api("acme").delete("/v1/memory?key=auth&revoke_sessions=true").assertStatus(204);

        gateway.api("acme").get("/v1/sessions/" + session).assertProblem(404);
    }
}
