package dev.strata.adapters.http;

import dev.strata.domain.idempotency.IdempotencyKey;
import dev.strata.domain.idempotency.IdempotencyRecord;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code Idempotency-Key} over real HTTP: retries replay, reuse conflicts, the key is per tenant and per write. */
class IdempotencyKeyTest {

    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes();

    private static final String WRITE = "{\"category\":\"observation\",\"content\":\"retried write\"}";

    private HttpReply keyed(String method, String path, String json, String key) {
        GatewayExtension.Request request = gateway.api().request(method, path).header("Idempotency-Key", key);
        return (json == null ? request : request.json(json)).send();
    }

    private long activeMemories(String tenant) {
        return gateway.backend().memoryStore.countActive(Tenant.of(tenant),
                dev.strata.domain.memory.CategoryFilter.ALL);
    }

    @Test
    void a_retried_write_answers_the_first_answer_and_writes_once() {
        HttpReply first = keyed("POST", "/v1/memory", WRITE, "k-1").assertJson(201);
        HttpReply retry = keyed("POST", "/v1/memory", WRITE, "k-1").assertJson(201);

        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(retry.contentType()).isEqualTo(first.contentType());
        assertThat(activeMemories("default")).isEqualTo(1);
    }

    @Test
    void the_same_key_with_another_body_is_a_409_naming_the_header_and_writes_nothing() {
        keyed("POST", "/v1/memory", WRITE, "k-1").assertJson(201);

        HttpReply reused = keyed("POST", "/v1/memory", WRITE.replace("retried", "another"), "k-1");

        reused.assertProblem(409);
        assertThat(reused.json().getJsonObject("details").getString("reason")).isEqualTo("key_reused");
        assertThat(reused.json().getJsonObject("details").getString("field")).isEqualTo("Idempotency-Key");
        assertThat(activeMemories("default")).isEqualTo(1);
    }

    @Test
    void the_same_key_on_another_route_is_another_request() {
        keyed("POST", "/v1/memory", WRITE, "k-1").assertJson(201);

        keyed("POST", "/v1/memory/search", "{\"query\":\"retried\"}", "k-1").assertProblem(409);
    }

    @Test
    void keys_are_per_tenant() {
        keyed("POST", "/v1/memory", WRITE, "shared").assertJson(201);

        HttpReply other = gateway.api("acme").request("POST", "/v1/memory").header("Idempotency-Key", "shared")
                .json(WRITE).send().assertJson(201);

        assertThat(other.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(activeMemories("acme")).isEqualTo(1);
        assertThat(activeMemories("default")).isEqualTo(1);
    }

    @Test
    void a_refused_write_frees_its_key_for_the_corrected_request() {
        keyed("POST", "/v1/memory", "{\"category\":\"observation\"}", "k-2").assertProblem(400, "content");

        keyed("POST", "/v1/memory", WRITE, "k-2").assertJson(201);

        assertThat(activeMemories("default")).isEqualTo(1);
    }

    @Test
    void a_retried_delete_answers_204_again_instead_of_404() {
        long id = gateway.api().post("/v1/memory", WRITE).assertJson(201).id();

        keyed("DELETE", "/v1/memory/" + id, null, "del-1").assertStatus(204);
        HttpReply retry = keyed("DELETE", "/v1/memory/" + id, null, "del-1").assertStatus(204);

        assertThat(retry.headers().firstValue("Idempotent-Replayed")).contains("true");
        gateway.api().delete("/v1/memory/" + id).assertProblem(404);
    }

    @Test
    void a_retried_tool_call_answers_the_first_envelope() {
        String save = "{\"key\":\"auth\",\"content\":\"JWT with 1h expiry\"}";

        HttpReply first = keyed("POST", "/v1/tools/memory_save", save, "tool-1").assertJson(200);
        HttpReply retry = keyed("POST", "/v1/tools/memory_save", save, "tool-1").assertJson(200);

        // Without the key, the retried save would be a 409 against itself (issue 13).
        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(first.json().getBoolean("ok")).isTrue();
        assertThat(activeMemories("default")).isEqualTo(1);
    }

    @Test
    void a_key_that_is_not_visible_ascii_is_a_400_naming_the_header() {
        keyed("POST", "/v1/memory", WRITE, "has space").assertProblem(400, "Idempotency-Key");
        keyed("POST", "/v1/memory", WRITE, "x".repeat(256)).assertProblem(400, "Idempotency-Key");

        assertThat(activeMemories("default")).isZero();
    }

    @Test
    void the_kept_answer_is_the_one_the_client_got_and_the_record_is_answered() {
        HttpReply first = keyed("POST", "/v1/memory", WRITE, "k-3").assertJson(201);

        IdempotencyRecord record = gateway.backend().idempotencyStore
                .find(Tenant.DEFAULT, new IdempotencyKey("k-3")).orElseThrow();

        assertThat(record.state()).isEqualTo(IdempotencyRecord.State.ANSWERED);
        assertThat(record.answer().orElseThrow().body()).isEqualTo(first.text());
        assertThat(record.answer().orElseThrow().status()).isEqualTo(201);
    }

    @Test
    void a_read_ignores_the_header() {
        gateway.api().post("/v1/memory", WRITE).assertJson(201);

        HttpReply read = keyed("GET", "/v1/memory", null, "k-4").assertJson(200);

        assertThat(read.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(gateway.backend().idempotencyStore.find(Tenant.DEFAULT, new IdempotencyKey("k-4"))).isEmpty();
    }

    @Test
    void a_retried_mcp_tool_call_answers_the_first_answer_and_writes_once() {
        String session = gateway.api().request("POST", "/mcp").header("Accept", "application/json, text/event-stream")
                .json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                        + "\"2025-03-26\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")
                .send().assertJson(200).headers().firstValue("Mcp-Session-Id").orElseThrow();
        String call = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_write\","
                + "\"arguments\":{\"category\":\"observation\",\"content\":\"written over MCP once\"}}}";

        HttpReply first = gateway.api().request("POST", "/mcp").header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", session).header("Idempotency-Key", "mcp-1").json(call).send().assertJson(200);
        HttpReply retry = gateway.api().request("POST", "/mcp").header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", session).header("Idempotency-Key", "mcp-1").json(call).send().assertJson(200);

        assertThat(retry.text()).isEqualTo(first.text());
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(activeMemories("default")).isEqualTo(1);
    }
}
