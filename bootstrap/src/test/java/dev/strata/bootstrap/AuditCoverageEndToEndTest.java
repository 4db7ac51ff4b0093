package dev.strata.bootstrap;

import dev.strata.domain.MutableClock;
import jakarta.json.JsonObject;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The areas beyond general memory write the one audit trail, on the whole server and its SQLite file:
 * role memory, personalization, conversations and the trade mirror each leave exactly the entries the
 * README lists, by the actor the request named; another tenant's trail shows none of them; no vault
 * secret is in the trail, neither in {@code GET /v1/audit} nor in the {@code audit_log} table; and an
 * actor header holding a secret is refused naming the header, with nothing written.
 */
class AuditCoverageEndToEndTest {

    private static final String TENANT = "e2e-trail";
    private static final String OTHER = "e2e-other";
    private static final String SECRET = "sk-live-7c1d2e3f4a5b";
    private static final String ROLE = "analysis.valuation.target_price";

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T09:00:00Z"));

    private HttpResponse<String> send(String method, String path, String body, String actor, String tenant) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.http().uri(path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("X-Strata-Tenant", tenant);
        if (actor != null) {
            b.header("X-Strata-Actor", actor);
        }
        return server.http().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonObject ok(String method, String path, String body, String actor) {
        HttpResponse<String> res = send(method, path, body, actor, TENANT);
        assertThat(res.statusCode()).as(method + " " + path + " " + res.body()).isBetween(200, 204);
        return res.body().isEmpty() ? JsonObject.EMPTY_JSON_OBJECT : Http.json(res);
    }

    private List<JsonObject> trail(String tenant, String query) {
        return Http.json(send("GET", "/v1/audit" + query, null, null, tenant)).getJsonArray("entries")
                .getValuesAs(JsonObject.class);
    }

    private String auditTable() {
        try (var c = server.strata().core().database().connection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT subject || ' ' || detail || ' ' || actor FROM audit_log")) {
            StringBuilder out = new StringBuilder();
            while (rs.next()) {
                out.append(rs.getString(1)).append('\n');
            }
            return out.toString();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Everything but what the test's own vault write recorded; every action the trail holds must be in
     * the README's audit section, so the section lists what the code writes.
     */
    private List<Tuple> entries(String tenant) {
        String section;
        try {
            String readme = Files.readString(Path.of("..", "README.md"));
            int start = readme.indexOf("## Audit trail");
            section = readme.substring(start, readme.indexOf("\n## ", start + 1));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<JsonObject> all = trail(tenant, "?limit=500");
        assertThat(all).allSatisfy(e -> assertThat(section).as("README audit section")
                .contains("`" + e.getString("action") + "`"));
        return all.stream().filter(e -> !e.getString("action").startsWith("vault."))
                .map(e -> tuple(e.getString("action"), e.getString("subject"), e.getString("actor"))).toList();
    }

    @Test
    void role_decisions_evidence_and_prices_are_audited_with_their_actor_and_only_in_their_tenant() throws Exception {
        Path roles = Files.createDirectories(server.directory().resolve("data/roles"));
        Files.writeString(roles.resolve("valuation.yaml"), """
                skill: analysis.valuation
                roles:
                  - id: analysis.valuation.target_price
                    label: Target price call
                    failureModes: [anchored to recent price]
                    reflectionPrompt: "Target {decision} on {asset} came out {pnl}. One lesson."
                    reflectionPolicy:
                      outcomeProbe: {kind: price_delta, assetField: asset, windowHours: 168}
                      minAgeHours: 168
                      maxAgeHours: 720
                """);
        server.start(UnaryOperator.identity(), clock);

        long id = ok("POST", "/v1/roles/" + ROLE + "/decisions", "{\"decision\":\"target 120 within a week\","
                + "\"inputs\":{\"asset\":\"BTC\"}}", "agent-r").getJsonNumber("id").longValue();
        ok("POST", "/v1/role-memory/" + id + "/evidence", "{\"kind\":\"news\",\"text\":\"ETF inflows\"}", "agent-r");
        ok("POST", "/v1/prices", "{\"prices\":[{\"asset\":\"BTC\",\"price\":100},{\"asset\":\"ETH\",\"price\":5}]}",
                "feeder");
        ok("POST", "/v1/tools/price_report", "{\"asset\":\"SOL\",\"price\":150}", "session:9");

        assertThat(entries(TENANT)).containsExactly(
                tuple("price.push", "prices", "session:9"),
                tuple("price.push", "prices", "feeder"),
                tuple("role.evidence", "role_memory:" + id, "agent-r"),
                tuple("role.record", "role_memory:" + id, "agent-r"));
        assertThat(trail(TENANT, "?action=price.push&actor=feeder").get(0).getString("detail"))
                .isEqualTo("2 price points pushed for BTC, ETH");
        assertThat(trail(TENANT, "?action=role.*")).extracting(e -> e.getString("detail")).containsExactly(
                "news evidence added for role " + ROLE, "decision recorded for role " + ROLE + " on BTC");
        assertThat(trail(OTHER, "?limit=500")).isEmpty();
    }

    @Test
    void personalization_writes_are_audited_by_field_and_tag_never_quoting_free_text() {
        server.start(UnaryOperator.identity(), clock);
        ok("POST", "/v1/profile/onboarding", "{\"answers\":{\"risk\":\"conservative\",\"investing_capital\":\"about 5k\"}}",
                "ada");
        ok("PUT", "/v1/profile/tags/finance_knowledge", "{\"value\":\"level_3\"}", "ada");
        ok("PUT", "/v1/profile/tags/finance_knowledge", "{\"value\":\"level_3\"}", "ada");
        ok("DELETE", "/v1/profile/tags/finance_knowledge", null, "ada");
        ok("PATCH", "/v1/profile", "{\"custom_prompt\":\"Keep answers short.\",\"include_tags\":false}", "web-ui");
        ok("POST", "/v1/profile/capital", "{\"spot_holdings_usd\":100,\"perp_value_usd\":0}", "agent-7");
        long run = ok("POST", "/v1/profile/strategy-runs", "{\"strategy_id\":\"grid-btc\",\"allocated_usd\":10}",
                "agent-7").getJsonNumber("id").longValue();
        ok("POST", "/v1/profile/strategy-runs/" + run + "/stop", "{}", "agent-7");
        ok("POST", "/v1/profile/strategy-runs/" + run + "/pnl", "{\"realized_pnl_usd\":3}", "agent-7");

        List<Tuple> trail = entries(TENANT);
        assertThat(trail).containsExactly(
                tuple("strategy_run.pnl", "strategy_run:" + run, "agent-7"),
                tuple("strategy_run.stop", "strategy_run:" + run, "agent-7"),
                tuple("strategy_run.open", "strategy_run:" + run, "agent-7"),
                tuple("capital.record", "capital:default", "agent-7"),
                tuple("financial_profile.edit", "financial_profile:default", "web-ui"),
                tuple("tag.clear", "tag:default/finance_knowledge", "ada"),
                tuple("tag.set", "tag:default/finance_knowledge", "ada"),
                tuple("onboarding.complete", "onboarding:default", "ada"),
                tuple("memory.save", trail.get(8).toList().get(1), "ada"),
                tuple("memory.save", trail.get(9).toList().get(1), "ada"),
                tuple("tag.set", "tag:default/risk", "ada"));
        String details = send("GET", "/v1/audit?limit=500", null, null, TENANT).body();
        assertThat(details).contains("fields set: custom_prompt, include_tags", "risk = Conservative (user)")
                .doesNotContain("Keep answers short").doesNotContain("about 5k");
        assertThat(trail(OTHER, "?limit=500")).isEmpty();
    }

    @Test
    void message_appends_and_mirror_pushes_are_audited_once_per_batch_that_stored_something() {
        server.start(UnaryOperator.identity(), clock);
        String messages = "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\",\"content\":\"only BTC perps\"},"
                + "{\"id\":\"m2\",\"role\":\"assistant\",\"content\":\"Understood.\"}]}";
        ok("POST", "/v1/conversations/chat-1/messages", messages, "chat-ui");
        ok("POST", "/v1/conversations/chat-1/messages", messages, "chat-ui");
        String fills = "{\"fills\":[{\"sub_account_id\":\"0xsub\",\"oid\":1,\"ts_ms\":1767600000000,\"symbol\":\"BTC\","
                + "\"side\":\"B\",\"size\":1,\"price\":60000,\"tid\":7}]}";
        ok("POST", "/v1/trading/perps-fills", fills, "agent-t");
        ok("POST", "/v1/trading/perps-fills", fills, "agent-t");
        ok("POST", "/v1/trading/spot-activities", "{\"activities\":[{\"tx_hash\":\"0xfeed\",\"ts_ms\":1767600000000,"
                + "\"type\":\"swap\"}]}", "agent-t");
        ok("DELETE", "/v1/conversations/chat-1", null, "chat-ui");

        assertThat(entries(TENANT)).containsExactly(
                tuple("conversation.delete", "conversation:chat-1", "chat-ui"),
                tuple("trade_mirror.push", "external_spot", "agent-t"),
                tuple("trade_mirror.push", "perps_fills", "agent-t"),
                tuple("conversation.append", "conversation:chat-1", "chat-ui"));
        assertThat(trail(TENANT, "?action=conversation.append").get(0).getString("detail"))
                .isEqualTo("2 messages appended (user default)");
        assertThat(trail(TENANT, "?subject=perps_fills").get(0).getString("detail")).isEqualTo("1 new fill of 1 pushed");
        assertThat(send("GET", "/v1/audit?limit=500", null, null, TENANT).body()).doesNotContain("only BTC perps");
        assertThat(trail(OTHER, "?limit=500")).isEmpty();
    }

    @Test
    void a_preference_approve_names_the_person_and_what_the_loop_does_after_is_the_loop_s() {
        server.start(UnaryOperator.identity(), clock);
        long id = ok("POST", "/v1/preferences", "{\"dimension\":\"leverage\",\"content\":\"never above 3x\"}",
                "agent-7").getJsonObject("preference").getJsonNumber("id").longValue();
        ok("POST", "/v1/preferences/" + id + "/approve", null, "ada");

        List<Tuple> trail = entries(TENANT);
        assertThat(trail).containsExactly(
                tuple("preference.promote", "preference:" + id, "system:learning"),
                tuple("memory.write", trail.get(1).toList().get(1), "system:learning"),
                tuple("preference.approve", "preference:" + id, "ada"),
                tuple("preference.propose", "preference:" + id, "system:learning"));
        assertThat(trail(OTHER, "?limit=500")).isEmpty();
    }

    @Test
    void a_secret_in_an_identifier_is_redacted_in_the_trail_and_its_table_and_a_secret_actor_is_refused() {
        server.start(UnaryOperator.identity(), clock);
        ok("PUT", "/v1/vault/BROKER_TOKEN", "{\"value\":\"" + SECRET + "\",\"is_secret\":true}", "ada");
        // A strategy id may look like anything: one that is a secret reaches the audit entry's detail.
        long run = ok("POST", "/v1/profile/strategy-runs", "{\"strategy_id\":\"" + SECRET + "\",\"allocated_usd\":1}",
                "agent-7").getJsonNumber("id").longValue();

        HttpResponse<String> refused = send("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"x\"}", SECRET,
                TENANT);
        HttpResponse<String> refusedTag = send("PUT", "/v1/profile/tags/risk", "{\"value\":\"balanced\"}",
                "agent-" + SECRET, TENANT);

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(Http.json(refused).getString("field")).isEqualTo("X-Strata-Actor");
        assertThat(refused.body()).doesNotContain(SECRET).doesNotContain("sk-live");
        assertThat(refusedTag.statusCode()).isEqualTo(400);
        assertThat(Http.json(send("GET", "/v1/profile/tags", null, null, TENANT)).getJsonArray("tags")).isEmpty();
        assertThat(entries(TENANT)).containsExactly(tuple("strategy_run.open", "strategy_run:" + run, "agent-7"));
        assertThat(trail(TENANT, "?action=strategy_run.open").get(0).getString("detail"))
                .isEqualTo("strategy [REDACTED:vault:BROKER_TOKEN] opened for user default");
        assertThat(send("GET", "/v1/audit?limit=500", null, null, TENANT).body()).doesNotContain(SECRET);
        assertThat(auditTable()).contains("[REDACTED:vault:BROKER_TOKEN]").doesNotContain(SECRET);
    }
}
