package dev.strata.adapters.http;

import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The learning resources over a real socket, mounted by the gateway like every other area's
 * resources: its filters, its error mapping and its {@code /v1/*} catch-all all apply.
 */
class LearningEndpointsTest {

    @RegisterExtension
    final GatewayExtension gateway = GatewayExtension.onFakes();

    private HttpReply send(String tenant, String method, String path, String json) {
        GatewayExtension.Request r = gateway.api(tenant).request(method, path);
        return (json == null ? r : r.json(json)).send();
    }

    private HttpReply post(String path, String json) {
        return send("alice", "POST", path, json);
    }

    private HttpReply get(String path) {
        return gateway.api("alice").get(path);
    }

    private long seedDip() {
        return post("/v1/methodologies/seed", """
                {"methodologies": [{"asset_class": "crypto_major", "title": "Buy the 20% dip",
                  "body": "Buy BTC after a 20% drawdown from the 30-day high."}]}""")
                .assertJson(201).json().getJsonArray("methodologies").getJsonObject(0).getJsonObject("methodology")
                .getJsonNumber("id").longValueExact();
    }

    private HttpReply trade(String tenant, long methodology, boolean win) {
        return send(tenant, "POST", "/v1/trades", """
                {"asset": "BTC", "asset_class": "crypto_major", "side": "long", "size": 0.1, "entry_price": 60000,
                 "exit_price": %s, "methodology_ids": [%d], "hint_hash": "sha256:9f2c"}"""
                .formatted(win ? "63000" : "58000", methodology));
    }

    @Test
    void the_worked_example_over_http() {
        long id = seedDip();
        JsonObject seeded = get("/v1/methodologies/" + id).assertJson(200).json();
        assertThat(seeded.getString("asset_class")).isEqualTo("crypto_major");
        assertThat(seeded.getBoolean("quarantine")).isTrue();
        assertThat(seeded.getJsonNumber("confidence").doubleValue()).isEqualTo(0.5);

        for (int i = 1; i <= 30; i++) {
            trade("alice", id, !(i % 4 == 0 || i == 30)).assertJson(201);
            if (i == 10) {
                JsonObject problem = post("/v1/methodologies/" + id + "/approve", null).assertProblem(409).json();
                assertThat(problem.getJsonObject("details").getJsonArray("missed").getString(0)).isEqualTo("confidence");
            }
        }
        JsonObject scored = get("/v1/methodologies/" + id).json();
        assertThat(scored.getInt("successes")).isEqualTo(22);
        assertThat(scored.getInt("uses")).isEqualTo(30);

        assertThat(post("/v1/methodologies/" + id + "/approve", null).assertJson(200).json().getBoolean("quarantine"))
                .isFalse();
        JsonObject page = get("/v1/compiled/BTC").assertJson(200).json();
        assertThat(page.getString("markdown")).contains("- methodology " + id + " (crypto_major, confidence 0.556, "
                + "22 of 30 won): Buy the 20% dip");
        assertThat(get("/v1/compiled/btc").json().getBoolean("cached")).isTrue();

        for (int i = 0; i < 10; i++) {
            trade("alice", id, false);
        }
        assertThat(get("/v1/methodologies/" + id).json().getBoolean("quarantine")).isTrue();
        assertThat(get("/v1/compiled/BTC").json().getString("markdown")).doesNotContain("Buy the 20% dip");
    }

    @Test
    void a_trade_outcome_replays_and_corrections_over_http() {
        long id = seedDip();
        long trade = send("alice", "POST", "/v1/trades", """
                {"asset": "BTC", "asset_class": "crypto_major", "side": "long", "size": 1, "entry_price": 100,
                 "methodology_ids": [%d], "hint_hash": "h1", "decision": "bought"}""".formatted(id))
                .assertJson(201).json().getJsonObject("trade").getJsonNumber("id").longValueExact();

        JsonObject first = post("/v1/trades/" + trade + "/outcome", "{\"exit_price\": 110}").assertJson(200).json();
        JsonObject replay = post("/v1/trades/" + trade + "/outcome", "{\"exit_price\": 110}").assertJson(200).json();
        JsonObject corrected = post("/v1/trades/" + trade + "/outcome", "{\"exit_price\": 90}").assertJson(200).json();

        assertThat(first.getBoolean("replayed")).isFalse();
        assertThat(first.getJsonObject("trade").getString("pnl")).isEqualTo("10");
        assertThat(replay.getBoolean("replayed")).isTrue();
        assertThat(corrected.getJsonArray("cases").getJsonObject(0).getString("outcome")).isEqualTo("loss");
        JsonObject m = get("/v1/methodologies/" + id).json();
        assertThat(m.getInt("successes")).isZero();
        assertThat(m.getInt("uses")).isEqualTo(1);
        assertThat(get("/v1/cases?trade_id=" + trade).json().getJsonArray("cases")).hasSize(1);
    }

    @Test
    void bad_input_is_a_problem_naming_the_field_and_changes_nothing() {
        long id = seedDip();

        post("/v1/methodologies", "{\"asset_class\": \"bonds\", \"title\": \"t\", \"body\": \"b\"}")
                .assertProblem(400, "asset_class");
        post("/v1/trades", """
                {"asset": "BTC", "asset_class": "crypto_major", "side": "long", "size": -1, "entry_price": 100}""")
                .assertProblem(400, "size");
        post("/v1/trades", """
                {"asset": "BTC", "asset_class": "crypto_major", "side": "long", "size": 1, "entry_price": 100,
                 "methodology_ids": [%d, 999], "hint_hash": "h"}""".formatted(id))
                .assertProblem(400, "methodology_ids[1]");
        post("/v1/trades", """
                {"asset": "BTC", "asset_class": "crypto_major", "side": "long", "size": 1, "entry_price": 100,
                 "methodology_ids": ["one"], "hint_hash": "h"}""").assertProblem(400, "methodology_ids[0]");
        post("/v1/preferences", "{\"dimension\": \"mood\", \"content\": \"x\"}").assertProblem(400, "dimension");
        post("/v1/preferences", """
                {"dimension": "leverage", "content": "max 2x on BTC", "kind": "hard_constraint", "state": "active"}""")
                .assertProblem(400, "state");
        post("/v1/methodologies/seed", """
                {"methodologies": [{"asset_class": "crypto_major", "title": "A", "body": "a"},
                                   {"asset_class": "crypto_major", "title": "B", "body": "b", "confidence": 1}]}""")
                .assertProblem(400, "methodologies[1].confidence");
        get("/v1/methodologies/abc").assertProblem(400, "id");
        get("/v1/compiled/BTC?include_hard_constraints=maybe").assertProblem(400, "include_hard_constraints");
        get("/v1/compiled/not%20a%20ticker").assertProblem(400, "entity");
        get("/v1/methodologies/" + id + "9").assertProblem(404, "id");

        assertThat(get("/v1/trades").json().getJsonArray("trades")).isEmpty();
        assertThat(get("/v1/preferences").json().getJsonArray("preferences")).isEmpty();
        assertThat(get("/v1/methodologies").json().getJsonArray("methodologies")).hasSize(1);
        assertThat(get("/v1/methodologies/" + id).json().getInt("uses")).isZero();
    }

    @Test
    void another_tenant_cannot_see_or_attribute_to_a_methodology() {
        long id = seedDip();

        send("bob", "GET", "/v1/methodologies/" + id, null).assertProblem(404, "id");
        send("bob", "POST", "/v1/methodologies/" + id + "/approve", null).assertProblem(404, "id");
        trade("bob", id, true).assertProblem(400, "methodology_ids[0]");
        assertThat(send("bob", "GET", "/v1/methodologies", null).json().getJsonArray("methodologies")).isEmpty();
        assertThat(send("bob", "GET", "/v1/trades", null).json().getJsonArray("trades")).isEmpty();
        assertThat(get("/v1/methodologies/" + id).json().getInt("uses")).isZero();
    }

    @Test
    void a_mined_hard_constraint_stays_proposed_until_approved_and_shows_on_the_page_only_then() {
        for (int i = 0; i < 3; i++) {
            gateway.backend().memories.write(new WriteMemory(Tenant.of("alice"), "observation", "Never use more than 2x leverage on BTC",
                    Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), TestWrites.OPERATOR));
        }
        assertThat(post("/v1/preferences/mine", null).assertJson(200).json().getInt("proposed")).isEqualTo(1);
        JsonObject cap = get("/v1/preferences?state=proposed&kind=hard_constraint").json().getJsonArray("preferences")
                .getJsonObject(0);
        assertThat(get("/v1/compiled/BTC").json().getString("markdown")).doesNotContain("hard constraint");

        JsonObject approved = post("/v1/preferences/" + cap.getInt("id") + "/approve", null).assertJson(200).json();

        assertThat(approved.getString("state")).isEqualTo("active");
        assertThat(approved.getJsonNumber("memory_id")).isNotNull();
        assertThat(get("/v1/compiled/BTC").json().getString("markdown"))
                .contains("hard constraint (preference " + cap.getInt("id") + ", leverage)");
        assertThat(get("/v1/compiled/BTC?include_hard_constraints=false").json().getString("markdown"))
                .doesNotContain("hard constraint");
        post("/v1/preferences/" + cap.getInt("id") + "/approve", null).assertProblem(409);
    }

    @Test
    void memory_learn_records_and_searches_learnings() {
        post("/v1/learnings", "{\"task\": \"Bridge USDC to Base\", \"steps\": \"approve, bridge, wait\"}")
                .assertJson(201);
        JsonObject again = post("/v1/learnings", "{\"task\": \"bridge usdc to base\", \"steps\": \"approve, bridge\","
                + " \"context\": \"gas spikes\"}").assertJson(200).json();

        assertThat(again.getJsonObject("learning").getInt("times_used")).isEqualTo(2);
        assertThat(get("/v1/learnings?query=gas").json().getJsonArray("learnings")).hasSize(1);
        post("/v1/learnings", "{\"task\": \"\", \"steps\": \"x\"}").assertProblem(400, "task");
    }

    @Test
    void the_learning_tools_answer_through_the_same_views_as_the_resources_and_none_approves() {
        long id = seedDip();

        JsonObject data = post("/v1/tools/trade_record", """
                {"asset": "BTC", "asset_class": "crypto_major", "side": "long", "size": 0.1, "entry_price": 60000,
                 "exit_price": 63000, "methodology_ids": [%d], "hint_hash": "sha256:9f2c"}""".formatted(id))
                .assertJson(200).json().getJsonObject("data");

        long trade = data.getJsonObject("trade").getJsonNumber("id").longValueExact();
        assertThat(data.getJsonObject("trade")).isEqualTo(get("/v1/trades/" + trade).json());
        assertThat(data.getJsonObject("case").getString("outcome")).isEqualTo("win");
        assertThat(data.getJsonArray("scored").getJsonObject(0).getInt("successes")).isEqualTo(1);
        assertThat(post("/v1/tools/methodology_get", "{\"id\": %d}".formatted(id)).json().getJsonObject("data"))
                .isEqualTo(get("/v1/methodologies/" + id).json());
        post("/v1/tools/preference_approve", "{\"id\": 1}").assertStatus(404);
        post("/v1/tools/methodology_approve", "{\"id\": %d}".formatted(id)).assertStatus(404);
        assertThat(get("/v1/methodologies/" + id).json().getBoolean("quarantine")).isTrue();
    }
}
