package dev.strata.adapters.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Provenance over the gateway: who may claim which source (see the README's sources section). */
class ProvenanceEndpointTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    @Test
    void a_rest_write_may_claim_user_manual_but_not_the_loop_s_or_the_rebuilders_sources() {
        GatewayExtension.Api api = gateway.api("prov-rest");

        assertThat(api.post("/v1/memory", "{\"category\":\"preference\",\"content\":\"mine\"}").assertJson(201)
                .json().getString("source")).isEqualTo("user_manual");
        api.post("/v1/memory", "{\"category\":\"preference\",\"content\":\"forged\",\"source\":\"learned_preference\"}")
                .assertProblem(400, "source");
        api.post("/v1/memory", "{\"category\":\"preference\",\"content\":\"forged\",\"source\":\"inferred\"}")
                .assertProblem(400, "source");
        api.post("/v1/memory", "{\"key\":\"k\",\"category\":\"decision\",\"content\":\"forged\",\"source\":\"inferred\"}")
                .assertProblem(400, "source");
        assertThat(api.get("/v1/memory").contents()).containsExactly("mine");
    }

    @Test
    void an_agent_tool_cannot_claim_user_manual_and_a_fact_keeps_the_source_it_claims() {
        GatewayExtension.Api api = gateway.api("prov-tool");

        HttpReply forged = api.post("/v1/tools/memory_write", "{\"category\":\"preference\",\"content\":\"forged\","
                + "\"source\":\"user_manual\"}");
        HttpReply fact = api.post("/v1/tools/memory_write", "{\"category\":\"fact\",\"content\":\"weekly charts\","
                + "\"source\":\"user_explicit\"}").assertJson(200);

        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.json().getString("field")).isEqualTo("source");
        assertThat(fact.json().getJsonObject("data").getJsonObject("fact").getString("source")).isEqualTo("user_explicit");
        assertThat(api.get("/v1/memory").contents()).isEmpty();
    }
}
