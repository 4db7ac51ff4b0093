package dev.strata.adapters.http;

import dev.strata.application.access.IssuedKey;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /v1/audit} and the actor with authentication on: the key vouches, only admin keys read other trails. */
class AuditAuthenticatedTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes().requiringAuth();

    private static IssuedKey acme;
    private static IssuedKey beta;
    private static IssuedKey admin;

    @BeforeAll
    static void issueKeys() {
        acme = gateway.backend().access.create(Tenant.of("acme"), false, TestWrites.OPERATOR_ACTOR);
        beta = gateway.backend().access.create(Tenant.of("beta"), false, TestWrites.OPERATOR_ACTOR);
        admin = gateway.backend().access.create(Tenant.of("ops"), true, TestWrites.OPERATOR_ACTOR);
    }

    private static GatewayExtension.Request as(IssuedKey key, String method, String path) {
        return gateway.request(method, path).bearer(key.token().value());
    }

    private static List<JsonObject> entries(HttpReply reply) {
        return reply.array("entries").getValuesAs(JsonObject.class);
    }

    @Test
    void without_the_header_the_actor_is_the_key_and_with_it_the_key_still_vouches() {
        as(acme, "POST", "/v1/memory").json("{\"category\":\"lesson\",\"content\":\"by key\"}").send().assertJson(201);
        as(acme, "POST", "/v1/memory").header("X-Strata-Actor", "agent-7")
                .json("{\"category\":\"lesson\",\"content\":\"by agent\"}").send().assertJson(201);

        List<JsonObject> trail = entries(as(acme, "GET", "/v1/audit?action=memory.write").send().assertJson(200));

        assertThat(trail).extracting(e -> e.getString("actor"), e -> e.getString("key_id")).containsExactly(
                org.assertj.core.groups.Tuple.tuple("agent-7", acme.key().id()),
                org.assertj.core.groups.Tuple.tuple("key:" + acme.key().id(), acme.key().id()));
    }

    @Test
    void a_tenant_key_cannot_read_another_tenant_s_trail_but_an_admin_key_can_one_or_all() {
        as(beta, "POST", "/v1/memory").header("X-Strata-Actor", "beta-agent")
                .json("{\"category\":\"lesson\",\"content\":\"beta's\"}").send().assertJson(201);

        as(acme, "GET", "/v1/audit?tenant=beta").send().assertProblem(403, "tenant");
        as(acme, "GET", "/v1/audit?tenant=*").send().assertProblem(403, "tenant");
        as(acme, "GET", "/v1/audit").header("X-Strata-Tenant", "beta").send().assertProblem(403);
        assertThat(as(acme, "GET", "/v1/audit").send().text()).doesNotContain("beta-agent");

        assertThat(entries(as(admin, "GET", "/v1/audit?tenant=beta").send().assertJson(200)))
                .extracting(e -> e.getString("actor")).contains("beta-agent");
        assertThat(entries(as(admin, "GET", "/v1/audit?tenant=*&limit=500").send().assertJson(200)))
                .extracting(e -> e.getString("tenant")).contains("beta");
    }
}
