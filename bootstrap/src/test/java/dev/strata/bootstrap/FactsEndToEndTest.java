package dev.strata.bootstrap;

import dev.strata.bootstrap.fact.FactSettings;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The general fact layer with no model configured, over a real socket and file: facts are
 * recorded at once, swept in the background by exact match only, and read back with their trail.
 */
class FactsEndToEndTest {

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.started(
            s -> s.with(s.facts().withSweep(new FactSettings.Sweep(Duration.ofMillis(20), Duration.ofMillis(200)))));

    private static JsonArray facts(String status, String tenant) {
        return server.http().json("GET", "/v1/facts?status=" + status + "&limit=500", null, tenant).getJsonArray("facts");
    }

    @Test
    void recorded_facts_are_accepted_pending_and_converge_to_one_active_fact_per_statement() {
        HttpResponse<String> accepted = server.http().send("POST", "/v1/facts", "{\"content\":\"User prefers weekly charts.\"}", "e2e");
        assertThat(accepted.statusCode()).isEqualTo(202);
        JsonObject first = Http.json(accepted);
        assertThat(accepted.headers().firstValue("Location")).contains("/v1/facts/" + first.getJsonNumber("id"));
        assertThat(first.getString("status")).isEqualTo("pending");
        assertThat(first.getString("source")).isEqualTo("agent_recorded");
        long firstId = first.getJsonNumber("id").longValue();

        JsonObject tool = server.http().json("POST", "/v1/tools/memory_write",
                "{\"category\":\"fact\",\"content\":\"user prefers WEEKLY charts\",\"metadata\":{\"confidence\":0.9}}", "e2e");
        assertThat(tool.getBoolean("ok")).isTrue();
        assertThat(tool.getJsonObject("data").getString("status")).isEqualTo("pending");
        long restatedId = tool.getJsonObject("data").getJsonNumber("id").longValue();
        server.http().send("POST", "/v1/facts", "{\"content\":\"user holds BTC long term\"}", "e2e");

        Http.await("the sweep", () -> facts("pending", "e2e").isEmpty());

        JsonArray active = facts("active", "e2e");
        assertThat(active).hasSize(2);
        assertThat(active.getValuesAs(JsonObject.class)).extracting(f -> f.getString("content"))
                .containsExactlyInAnyOrder("User prefers weekly charts.", "user holds BTC long term");
        JsonObject retired = facts("retired", "e2e").getJsonObject(0);
        assertThat(retired.getJsonNumber("id").longValue()).isEqualTo(restatedId);
        assertThat(retired.getJsonNumber("retired_by").longValue()).isEqualTo(firstId);

        JsonArray decisions = server.http().json("GET", "/v1/audit?action=fact.decision&subject=fact:" + restatedId,
                null, "e2e").getJsonArray("entries");
        assertThat(decisions.getValuesAs(JsonObject.class)).singleElement().satisfies(e -> {
            assertThat(e.getString("actor")).isEqualTo("system:consolidation");
            assertThat(e.getString("detail")).startsWith("duplicate");
        });

        JsonObject trail = server.http().json("GET", "/v1/facts/" + restatedId + "/events", null, "e2e");
        JsonObject event = trail.getJsonArray("events").getJsonObject(0);
        assertThat(event.getString("decision")).isEqualTo("duplicate");
        assertThat(event.getString("outcome")).isEqualTo("applied");
        assertThat(event.getString("target")).isEqualTo("fact:" + firstId);
        assertThat(event.getString("model")).isEqualTo("deterministic");
        assertThat(server.http().json("GET", "/v1/facts/" + firstId + "/events", null, "e2e").getJsonArray("events"))
                .isEqualTo(trail.getJsonArray("events"));

        String snapshot = server.http().send("GET", "/v1/snapshot", null, "e2e").body();
        assertThat(snapshot).contains("[fact] User prefers weekly charts.\n[fact] user holds BTC long term\n")
                .doesNotContain("WEEKLY");
        assertThat(server.http().send("GET", "/v1/snapshot", null, "someone-else").body()).doesNotContain("[fact]");
        assertThat(server.http().send("GET", "/v1/facts/" + firstId, null, "someone-else").statusCode()).isEqualTo(404);
        assertThat(server.http().send("GET", "/v1/facts/" + firstId + "/events", null, "someone-else").statusCode()).isEqualTo(404);
    }

    @Test
    void other_categories_still_go_to_the_memory_table() {
        JsonObject written = server.http().json("POST", "/v1/tools/memory_write",
                "{\"category\":\"preference\",\"content\":\"always 0.5% slippage\"}", "tools");
        assertThat(written.getJsonObject("data").containsKey("memory")).isTrue();
        assertThat(facts("pending", "tools")).isEmpty();
        assertThat(facts("active", "tools")).isEmpty();
    }

    @Test
    void without_a_model_the_spend_endpoint_reports_llm_features_disabled() {
        JsonObject spend = server.http().json("GET", "/v1/model/spend", null, "e2e");
        assertThat(spend.getBoolean("enabled")).isFalse();
        assertThat(spend.getString("model")).isEqualTo("none");
        assertThat(spend.getString("day")).isEqualTo(LocalDate.now(ZoneOffset.UTC).toString());
        assertThat(spend.getJsonObject("total").getString("usd")).isEqualTo("0");
        assertThat(spend.isNull("daily_token_cap")).isTrue();

        JsonObject past = server.http().json("GET", "/v1/model/spend?day=2026-01-31", null, "e2e");
        assertThat(past.getString("day")).isEqualTo("2026-01-31");
        assertThat(past.getJsonObject("by_category")).isEmpty();
        assertThat(server.http().json("GET", "/v1/facts", null, "e2e").getBoolean("llm_consolidation")).isFalse();
    }

    @Test
    void bad_input_is_a_problem_naming_the_field() {
        assertProblem(server.http().send("POST", "/v1/facts", "{}", "e2e"), 400, "content");
        assertProblem(server.http().send("POST", "/v1/facts", "{\"content\":\"   \"}", "e2e"), 400, "content");
        assertProblem(server.http().send("POST", "/v1/facts", "{\"content\":42}", "e2e"), 400, "content");
        assertProblem(server.http().send("POST", "/v1/facts", "{\"content\":\"x\",\"status\":\"active\"}", "e2e"), 400, "status");
        assertProblem(server.http().send("POST", "/v1/facts", "{\"content\":\"" + "x".repeat(9000) + "\"}", "e2e"), 400, "content");
        assertProblem(server.http().send("POST", "/v1/facts", "not json", "e2e"), 400, "body");
        assertProblem(server.http().send("GET", "/v1/facts?status=deleted", null, "e2e"), 400, "status");
        assertProblem(server.http().send("GET", "/v1/facts?limit=0", null, "e2e"), 400, "limit");
        assertProblem(server.http().send("GET", "/v1/facts?limit=many", null, "e2e"), 400, "limit");
        assertProblem(server.http().send("GET", "/v1/facts/abc", null, "e2e"), 400, "id");
        assertProblem(server.http().send("GET", "/v1/facts/0/events", null, "e2e"), 400, "id");
        assertProblem(server.http().send("GET", "/v1/model/spend?day=yesterday", null, "e2e"), 400, "day");
        assertProblem(server.http().send("GET", "/v1/model/spend", null, "Not A Tenant"), 400, "X-Strata-Tenant");
        assertThat(server.http().send("GET", "/v1/facts/987654/events", null, "e2e").statusCode()).isEqualTo(404);

        JsonObject tool = Http.json(server.http().send("POST", "/v1/tools/memory_write", "{\"category\":\"fact\"}", "e2e"));
        assertThat(tool.getBoolean("ok")).isFalse();
        assertThat(tool.getString("field")).isEqualTo("content");
    }

    private static void assertProblem(HttpResponse<String> res, int status, String field) {
        assertThat(res.statusCode()).as(res.body()).isEqualTo(status);
        assertThat(res.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(Http.json(res).getString("field")).isEqualTo(field);
    }
}
