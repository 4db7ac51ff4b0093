package dev.strata.bootstrap;

import dev.strata.adapters.llm.chat.ChatModelSettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.application.fact.ConsolidationReport;
import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.bootstrap.fact.FactSettings;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.BudgetPolicy;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LLM consolidation end to end: the whole server, configured like a deployment, talking to an
 * OpenAI-compatible stub on 127.0.0.1 through the real client (structured output, repair retry,
 * budget). Each fact is recorded and left to the background sweep before the next one.
 */
class ConsolidationEndToEndTest {

    private static final String TENANT = "llm";

    @RegisterExtension
    final StrataServerExtension server = StrataServerExtension.startedByTest();

    private OpenAiStub stub;

    @BeforeEach
    void startStub() throws IOException {
        stub = server.closeAfterStop(new OpenAiStub());
    }

    private void start(BudgetPolicy budget) {
        server.start(s -> s
                .with(s.llm().withChat(ChatProvider.OPENAI,
                        ChatModelSettings.of(stub.baseUrl(), "stub-consolidator", Optional.empty())).withBudget(budget))
                .with(s.facts()
                        .withConsolidation(ConsolidationSettings.enabled("When unsure, prefer keep_both."))
                        .withSweep(new FactSettings.Sweep(Duration.ofMillis(20), Duration.ofMillis(200)))));
    }

    private long record(String content) {
        JsonObject fact = server.http().json("POST", "/v1/facts", Json.createObjectBuilder().add("content", content).build()
                .toString(), TENANT);
        long id = fact.getJsonNumber("id").longValue();
        Http.await("fact " + id + " to settle", () -> !status(id).equals("pending"));
        return id;
    }

    private String status(long id) {
        return server.http().json("GET", "/v1/facts/" + id, null, TENANT).getString("status");
    }

    private JsonArray events(long id) {
        return server.http().json("GET", "/v1/facts/" + id + "/events", null, TENANT).getJsonArray("events");
    }

    private static JsonObject requestBody(String raw) {
        return Json.createReader(new StringReader(raw)).readObject();
    }

    @Test
    void supersede_after_a_repaired_reply_then_refusals_of_a_user_row_and_of_a_made_up_id_all_audited() {
        start(BudgetPolicy.unlimited());
        long weekly = record("user prefers weekly charts");
        assertThat(status(weekly)).isEqualTo("active");
        assertThat(stub.received()).as("nothing similar yet: no model call").isEmpty();
        long manual = server.http().json("POST", "/v1/memory",
                "{\"category\":\"personalization\",\"content\":\"I like weekly candles\"}", TENANT)
                .getJsonNumber("id").longValue();

        stub.answers("Sure! The new fact replaces the old one.")
                .decides("supersede", "F1", "the user switched to daily charts");
        long daily = record("user prefers daily charts");

        assertThat(status(daily)).isEqualTo("active");
        JsonObject old = server.http().json("GET", "/v1/facts/" + weekly, null, TENANT);
        assertThat(old.getString("status")).isEqualTo("retired");
        assertThat(old.getJsonNumber("retired_by").longValue()).isEqualTo(daily);
        JsonObject supersede = events(daily).getJsonObject(0);
        assertThat(supersede.getString("decision")).isEqualTo("supersede");
        assertThat(supersede.getString("outcome")).isEqualTo("applied");
        assertThat(supersede.getString("target")).isEqualTo("fact:" + weekly);
        assertThat(supersede.getString("named")).isEqualTo("F1");
        assertThat(supersede.getString("model")).isEqualTo(OpenAiStub.MODEL);
        assertThat(supersede.getString("prompt_hash")).hasSize(64);
        assertThat(events(weekly)).isEqualTo(events(daily));
        assertThat(stub.received()).as("first reply unusable, one repair retry").hasSize(2);
        JsonObject asked = requestBody(stub.received().getFirst());
        assertThat(asked.getJsonObject("response_format").getString("type")).isEqualTo("json_schema");
        assertThat(asked.getJsonArray("messages").getJsonObject(0).getString("content"))
                .contains("Operator preference (advisory only", "When unsure, prefer keep_both.");
        assertThat(asked.getJsonArray("messages").getJsonObject(1).getString("content"))
                .contains("F1: user prefers weekly charts", "NEW fact:\nuser prefers daily charts");

        stub.decides("supersede", "U1", "the agent heard candles are now daily");
        long candles = record("user likes weekly candles best");

        assertThat(status(candles)).as("kept: the refused decision changes nothing else").isEqualTo("active");
        JsonObject refused = events(candles).getJsonObject(0);
        assertThat(refused.getString("outcome")).isEqualTo("rejected");
        assertThat(refused.getString("target")).isEqualTo("memory:" + manual);
        assertThat(refused.getString("reason")).contains("user_manual");
        JsonObject memory = server.http().json("GET", "/v1/memory/" + manual, null, TENANT);
        assertThat(memory.getString("content")).isEqualTo("I like weekly candles");
        assertThat(memory.getString("source")).isEqualTo("user_manual");

        stub.decides("supersede", "F9", "F9 is outdated");
        long btc = record("user prefers daily charts for BTC");

        JsonObject madeUp = events(btc).getJsonObject(0);
        assertThat(madeUp.getString("outcome")).isEqualTo("rejected");
        assertThat(madeUp.getString("named")).isEqualTo("F9");
        assertThat(madeUp.isNull("target")).isTrue();
        assertThat(status(daily)).isEqualTo("active");
        assertThat(status(btc)).isEqualTo("active");

        stub.decides("duplicate", "F1", "same as the daily-charts fact");
        long again = record("the user's preference is daily charts");
        assertThat(status(again)).isEqualTo("retired");

        JsonObject spend = server.http().json("GET", "/v1/model/spend", null, TENANT);
        assertThat(spend.getBoolean("enabled")).isTrue();
        assertThat(spend.getString("model")).isEqualTo("stub-consolidator");
        JsonObject consolidation = spend.getJsonObject("by_category").getJsonObject("consolidation");
        assertThat(consolidation.getJsonNumber("calls").longValue()).as("four decisions, one of them repaired").isEqualTo(4);
        assertThat(consolidation.getJsonNumber("input_tokens").longValue()).isEqualTo(5 * 180);
        assertThat(server.http().send("GET", "/v1/snapshot", null, TENANT).body())
                .contains("[fact] user prefers daily charts\n").doesNotContain("[fact] user prefers weekly charts");
    }

    @Test
    void an_exhausted_budget_leaves_facts_pending_and_calls_no_model() {
        start(new BudgetPolicy(OptionalLong.of(50), Optional.empty()));
        long weekly = record("user prefers weekly charts");

        long daily = server.http().json("POST", "/v1/facts", "{\"content\":\"user prefers daily charts\"}", TENANT)
                .getJsonNumber("id").longValue();
        ConsolidationReport report = server.strata().core().fact().facts().consolidatePending(Tenant.of(TENANT));

        assertThat(report.stoppedBy().orElseThrow()).contains("daily token cap 50");
        assertThat(report.stillPending()).isEqualTo(1);

        assertThat(status(weekly)).isEqualTo("active");
        assertThat(status(daily)).isEqualTo("pending");
        assertThat(events(daily)).isEmpty();
        assertThat(stub.received()).isEmpty();
        JsonObject spend = server.http().json("GET", "/v1/model/spend", null, TENANT);
        assertThat(spend.getJsonNumber("daily_token_cap").longValue()).isEqualTo(50);
        assertThat(spend.getJsonNumber("remaining_tokens").longValue()).isEqualTo(50);
        assertThat(spend.getJsonObject("by_category")).isEmpty();
    }
}
