package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** "Why is this in my prompt?": {@code GET /v1/snapshot/explain} and {@code GET /v1/sessions/{id}/explain}. */
class ExplainEndpointTest {

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private static List<JsonObject> lines(HttpReply reply) {
        return reply.array("lines").getValuesAs(JsonObject.class);
    }

    @Test
    void each_line_of_the_snapshot_is_explained_with_what_produced_it_and_the_rule_that_placed_it() {
        GatewayExtension.Api api = gateway.api("explain-now");
        long pref = api.post("/v1/memory", "{\"category\":\"preference\",\"content\":\"always 0.5% slippage\"}")
                .assertJson(201).id();
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        long lesson = api.post("/v1/memory", "{\"category\":\"warning\",\"content\":\"never bridge on Fridays\","
                + "\"source\":\"user_explicit\"}").assertJson(201).id();

        HttpReply reply = api.get("/v1/snapshot/explain").assertJson(200);

        String snapshot = api.get("/v1/snapshot").text();
        assertThat(lines(reply)).extracting(l -> l.getString("text"))
                .containsExactlyElementsOf(List.of(snapshot.split("\n", -1)));
        List<JsonObject> memories = lines(reply).stream().filter(l -> l.getString("kind").equals("memory")).toList();
        assertThat(memories).extracting(l -> l.getJsonNumber("memory_id").longValue(), l -> l.getString("rule"),
                        l -> l.getInt("rank"), l -> l.getString("source"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple(lesson, "lesson", 1, "user_explicit"),
                        org.assertj.core.groups.Tuple.tuple(pref, "user_stated", 2, "user_manual"));
        assertThat(memories.get(0).getString("reason")).contains("rank 1 of cap 50");
        assertThat(reply.json().getInt("cap")).isEqualTo(50);
        assertThat(reply.json().getInt("injected")).isEqualTo(2);
        assertThat(reply.array("left_out")).isEmpty();
    }

    @Test
    void a_session_s_explanation_matches_its_frozen_prompt_after_the_memories_changed() {
        GatewayExtension.Api api = gateway.api("explain-session");
        long id = api.post("/v1/memory", "{\"category\":\"lesson\",\"content\":\"trail stops by 8%\"}")
                .assertJson(201).id();
        String session = api.post("/v1/sessions", "").assertJson(201).json().getString("id");
        api.delete("/v1/memory/" + id).assertStatus(204);

        HttpReply reply = api.get("/v1/sessions/" + session + "/explain").assertJson(200);

        String prompt = api.get("/v1/sessions/" + session + "/prompt").text();
        JsonObject line = lines(reply).stream().filter(l -> l.getString("kind").equals("memory")).findFirst()
                .orElseThrow();
        assertThat(line.getJsonNumber("memory_id").longValue()).isEqualTo(id);
        assertThat(prompt).contains(line.getString("text"));
        assertThat(api.get("/v1/snapshot/explain").text()).doesNotContain("trail stops");
    }

    @Test
    void another_tenant_s_or_an_unknown_session_is_not_found() {
        String session = gateway.api("explain-owner").post("/v1/sessions", "").assertJson(201).json().getString("id");

        gateway.api("explain-thief").get("/v1/sessions/" + session + "/explain").assertProblem(404);
        gateway.api("explain-owner").get("/v1/sessions/00000000-0000-4000-8000-000000000000/explain")
                .assertProblem(404);
        gateway.api("explain-owner").get("/v1/sessions/not-an-id/explain").assertProblem(400, "id");
    }
}
