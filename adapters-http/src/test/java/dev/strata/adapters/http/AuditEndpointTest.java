package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /v1/audit} and the actor header, with authentication off (the quick-start server). */
class AuditEndpointTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private static List<JsonObject> entries(HttpReply reply) {
        return reply.array("entries").getValuesAs(JsonObject.class);
    }

    private static HttpReply write(String tenant, String actor, String json) {
        GatewayExtension.Request request = gateway.request("POST", "/v1/memory").tenant(tenant).json(json);
        return (actor == null ? request : request.header("X-Strata-Actor", actor)).send();
    }

    @Test
    void a_write_names_the_actor_from_the_header_on_the_row_and_in_the_trail() {
        long id = write("audit-actor", "agent-7", "{\"category\":\"lesson\",\"content\":\"size down\"}")
                .assertJson(201).id();

        GatewayExtension.Api api = gateway.api("audit-actor");
        assertThat(api.get("/v1/memory/" + id).assertJson(200).json().getString("updated_by")).isEqualTo("agent-7");
        JsonObject entry = entries(api.get("/v1/audit").assertJson(200)).get(0);
        assertThat(entry.getString("action")).isEqualTo("memory.write");
        assertThat(entry.getString("subject")).isEqualTo("memory:" + id);
        assertThat(entry.getString("actor")).isEqualTo("agent-7");
        assertThat(entry.getString("tenant")).isEqualTo("audit-actor");
        assertThat(entry.containsKey("key_id")).isFalse();
    }

    @Test
    void without_the_header_and_without_a_key_the_actor_is_anonymous() {
        long id = write("audit-anon", null, "{\"category\":\"lesson\",\"content\":\"who?\"}").assertJson(201).id();

        assertThat(gateway.api("audit-anon").get("/v1/memory/" + id).json().getString("updated_by")).isEqualTo("anonymous");
        assertThat(entries(gateway.api("audit-anon").get("/v1/audit")).get(0).getString("actor")).isEqualTo("anonymous");
    }

    @Test
    void every_write_route_names_its_actor() {
        GatewayExtension.Api api = gateway.api("audit-routes");
        long id = api.post("/v1/memory", "{\"category\":\"lesson\",\"content\":\"one\"}").assertJson(201).id();
        String[][] writes = {
                {"PATCH", "/v1/memory/" + id, "{\"content\":\"one, edited\"}"},
                {"DELETE", "/v1/memory/" + id, null},
                {"POST", "/v1/memory/" + id + "/restore", null},
                {"POST", "/v1/memory/batch", "{\"memories\":[{\"category\":\"lesson\",\"content\":\"two\"}]}"},
                {"POST", "/v1/memory", "{\"key\":\"k\",\"category\":\"decision\",\"content\":\"three\"}"},
                {"DELETE", "/v1/memory?key=k", null},
                {"PUT", "/v1/profile/risk", "{\"value\":\"low\"}"},
                {"DELETE", "/v1/profile/risk", null},
                {"PUT", "/v1/vault/token", "{\"value\":\"tok-123456789\",\"is_secret\":true}"},
                {"DELETE", "/v1/vault/token", null},
                {"POST", "/v1/facts", "{\"content\":\"prefers weekly charts\"}"},
                {"POST", "/v1/tools/memory_write", "{\"category\":\"lesson\",\"content\":\"four\"}"},
                {"POST", "/v1/tools/memory_save", "{\"key\":\"t\",\"content\":\"five\"}"},
                {"POST", "/v1/tools/memory_delete", "{\"key\":\"t\"}"},
                {"POST", "/v1/tools/vault_set", "{\"key\":\"plain\",\"value\":\"v\"}"},
                {"POST", "/v1/tools/vault_delete", "{\"key\":\"plain\"}"}};
        for (String[] w : writes) {
            GatewayExtension.Request r = gateway.request(w[0], w[1]).tenant("audit-routes").header("X-Strata-Actor",
                    "session:" + w[0].toLowerCase() + w[1].replaceAll("[^a-z]", ""));
            assertThat((w[2] == null ? r : r.json(w[2])).send().status()).as("%s %s", w[0], w[1]).isLessThan(300);
        }

        List<JsonObject> trail = entries(api.get("/v1/audit?limit=500").assertJson(200));

        assertThat(trail).extracting(e -> e.getString("action")).contains("memory.update", "memory.delete",
                "memory.restore", "memory.write", "memory.save", "profile.set", "profile.delete", "vault.set",
                "vault.delete", "fact.record");
        assertThat(trail).filteredOn(e -> !e.getString("actor").equals("anonymous"))
                .allSatisfy(e -> assertThat(e.getString("actor")).startsWith("session:"));
        assertThat(trail).hasSizeGreaterThanOrEqualTo(writes.length);
        assertThat(api.get("/v1/audit?limit=500").text()).doesNotContain("tok-123456789");
    }

    @Test
    void filters_by_action_actor_subject_and_time_and_pages_newest_first() {
        GatewayExtension.Api api = gateway.api("audit-filter");
        long first = write("audit-filter", "agent-a", "{\"category\":\"lesson\",\"content\":\"a\"}").id();
        gateway.backend().clock.advance(Duration.ofMinutes(5));
        String mid = gateway.backend().clock.instant().toString();
        write("audit-filter", "agent-b", "{\"category\":\"lesson\",\"content\":\"b\"}");
        write("audit-filter", "agent-b", "{\"category\":\"lesson\",\"content\":\"c\"}");
        gateway.request("DELETE", "/v1/memory/" + first).tenant("audit-filter").header("X-Strata-Actor", "agent-a")
                .send().assertStatus(204);

        assertThat(entries(api.get("/v1/audit?action=memory.delete"))).extracting(e -> e.getString("actor"))
                .containsExactly("agent-a");
        assertThat(entries(api.get("/v1/audit?action=memory.*&actor=agent-b"))).hasSize(2);
        assertThat(entries(api.get("/v1/audit?subject=memory:" + first))).extracting(e -> e.getString("action"))
                .containsExactly("memory.delete", "memory.write");
        assertThat(entries(api.get("/v1/audit?until=" + mid))).extracting(e -> e.getString("subject"))
                .containsExactly("memory:" + first);

        HttpReply page = api.get("/v1/audit?limit=3").assertJson(200);
        long cursor = page.json().getJsonNumber("next_before").longValue();
        HttpReply next = api.get("/v1/audit?limit=3&before=" + cursor).assertJson(200);
        assertThat(entries(page)).hasSize(3);
        assertThat(entries(next)).hasSize(1);
        assertThat(next.json().containsKey("next_before")).isFalse();
        assertThat(entries(next).get(0).getString("subject")).isEqualTo("memory:" + first);
    }

    @Test
    void bad_filters_are_refused_naming_the_parameter() {
        GatewayExtension.Api api = gateway.api("audit-bad");

        api.get("/v1/audit?acter=agent").assertProblem(400, "acter");
        api.get("/v1/audit?since=yesterday").assertProblem(400, "since");
        api.get("/v1/audit?action=DROP%20TABLE").assertProblem(400, "action");
        api.get("/v1/audit?before=x").assertProblem(400, "before");
        api.get("/v1/audit?limit=501").assertProblem(400, "limit");
        api.get("/v1/audit?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z").assertProblem(400, "until");
    }

    @Test
    void without_an_admin_key_another_tenant_s_trail_is_forbidden() {
        write("audit-other", "agent-7", "{\"category\":\"lesson\",\"content\":\"mine\"}").assertJson(201);

        gateway.api("audit-me").get("/v1/audit?tenant=audit-other").assertProblem(403, "tenant");
        gateway.api("audit-me").get("/v1/audit?tenant=*").assertProblem(403, "tenant");
        assertThat(entries(gateway.api("audit-me").get("/v1/audit?tenant=audit-me").assertJson(200))).isEmpty();
    }

    @Test
    void a_malformed_or_reserved_actor_is_refused_naming_the_header_and_nothing_is_written() {
        for (String actor : List.of("has space", "key:k3x9q2m8a1bz", "system:purge", "a".repeat(129))) {
            write("audit-refused", actor, "{\"category\":\"lesson\",\"content\":\"never\"}")
                    .assertProblem(400, "X-Strata-Actor");
            HttpReply tool = gateway.request("POST", "/v1/tools/memory_write").tenant("audit-refused")
                    .header("X-Strata-Actor", actor).json("{\"category\":\"lesson\",\"content\":\"never\"}").send();
            assertThat(tool.status()).isEqualTo(400);
            assertThat(tool.json().getString("field")).isEqualTo("X-Strata-Actor");
        }
        assertThat(gateway.api("audit-refused").get("/v1/memory").memories()).isEmpty();
        assertThat(entries(gateway.api("audit-refused").get("/v1/audit"))).isEmpty();
    }

    @Test
    void an_actor_holding_a_vault_secret_is_refused_naming_the_header_without_repeating_it_and_nothing_is_written() {
        String secret = "tok-9f8e7d6c5b4a";
        gateway.request("PUT", "/v1/vault/BROKER").tenant("audit-secret").header("X-Strata-Actor", "ada")
                .json("{\"value\":\"" + secret + "\",\"is_secret\":true}").send().assertJson(200);

        for (String actor : List.of(secret, "agent/" + secret, secret.toUpperCase(java.util.Locale.ROOT))) {
            HttpReply rest = write("audit-secret", actor, "{\"category\":\"lesson\",\"content\":\"never\"}");
            rest.assertProblem(400, "X-Strata-Actor");
            assertThat(rest.text()).doesNotContainIgnoringCase(secret);
            HttpReply tool = gateway.request("POST", "/v1/tools/memory_write").tenant("audit-secret")
                    .header("X-Strata-Actor", actor).json("{\"category\":\"lesson\",\"content\":\"never\"}").send();
            assertThat(tool.status()).isEqualTo(400);
            assertThat(tool.json().getString("field")).isEqualTo("X-Strata-Actor");
        }
        assertThat(gateway.api("audit-secret").get("/v1/memory").memories()).isEmpty();
        assertThat(entries(gateway.api("audit-secret").get("/v1/audit"))).extracting(e -> e.getString("action"))
                .containsExactly("vault.set");
    }

    @Test
    void a_read_is_never_refused_for_its_actor_header() {
        gateway.request("GET", "/v1/memory").tenant("audit-read").header("X-Strata-Actor", "has space").send()
                .assertJson(200);
    }
}
