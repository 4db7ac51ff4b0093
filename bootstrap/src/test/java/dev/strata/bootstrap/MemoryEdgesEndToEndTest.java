package dev.strata.bootstrap;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** spec 01's typed memory edges through the whole server on a real SQLite file: write, then ask the entities. */
class MemoryEdgesEndToEndTest {

    @RegisterExtension
    static final StrataServerExtension server = StrataServerExtension.started();

    private static List<String> edgesOf(JsonObject memory) {
        return memory.getJsonArray("edges").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("type") + " " + e.getString("kind") + ":" + e.getString("key")).toList();
    }

    @Test
    void a_written_memory_is_in_its_tickers_neighborhood_as_a_holding_and_the_ticker_tops_the_ranking() {
        long id = server.http().json("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"bought BTC and ETH on base\"}",
                "e2e").getJsonNumber("id").longValueExact();

        JsonObject btc = server.http().json("GET", "/v1/entities/BTC/neighborhood", null, "e2e");
        assertThat(btc.getJsonObject("entity").getString("key")).isEqualTo("BTC");
        JsonObject memory = btc.getJsonArray("memories").getJsonObject(0);
        assertThat(memory.getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(memory.getString("content")).isEqualTo("bought BTC and ETH on base");
        assertThat(edgesOf(memory)).containsExactly("holds ticker:BTC", "co_occurs_with ticker_pair:BTC|ETH");
        assertThat(server.http().json("GET", "/v1/entities/top", null, "e2e").getJsonArray("entities")
                .getValuesAs(JsonObject.class)).extracting(e -> e.getString("key")).contains("BTC", "ETH", "base");

        // A second memory through the agent tool makes BTC the most linked entity.
        assertThat(server.http().json("POST", "/v1/tools/memory_write", "{\"category\":\"lesson\",\"content\":\"sold BTC at 70k\"}",
                "e2e").getBoolean("ok")).isTrue();
        JsonObject top = server.http().json("GET", "/v1/entities/top?kind=ticker&limit=1", null, "e2e").getJsonArray("entities")
                .getJsonObject(0);
        assertThat(top.getString("key")).isEqualTo("BTC");
        assertThat(top.getInt("memories")).isEqualTo(2);
        assertThat(server.http().json("GET", "/v1/entities/BTC/neighborhood", null, "e2e").getJsonArray("memories")).hasSize(2);
        assertThat(server.http().json("GET", "/v1/entities/BTC/neighborhood", null, "someone-else").getJsonArray("memories"))
                .isEmpty();
    }

    @Test
    void batches_edits_and_deletes_keep_the_neighborhood_true() {
        JsonObject batch = server.http().json("POST", "/v1/memory/batch", "{\"memories\":[{\"category\":\"lesson\","
                + "\"content\":\"long EUR/USD into the ECB\"},{\"category\":\"lesson\",\"content\":\"watching SOL\"}]}",
                "e2e-batch");
        long forex = batch.getJsonArray("memories").getJsonObject(0).getJsonNumber("id").longValueExact();
        long sol = batch.getJsonArray("memories").getJsonObject(1).getJsonNumber("id").longValueExact();

        JsonObject eurusd = server.http().json("GET", "/v1/entities/EUR/USD/neighborhood", null, "e2e-batch");
        assertThat(eurusd.getJsonObject("entity").getString("key")).isEqualTo("EURUSD");
        assertThat(edgesOf(eurusd.getJsonArray("memories").getJsonObject(0))).containsExactly("holds forex_pair:EURUSD");

        assertThat(server.http().send("PATCH", "/v1/memory/" + sol, "{\"content\":\"sold DOGE\"}", "e2e-batch").statusCode())
                .isEqualTo(200);
        assertThat(server.http().json("GET", "/v1/entities/SOL/neighborhood", null, "e2e-batch").getJsonArray("memories"))
                .isEmpty();
        assertThat(edgesOf(server.http().json("GET", "/v1/entities/DOGE/neighborhood", null, "e2e-batch")
                .getJsonArray("memories").getJsonObject(0))).containsExactly("exited ticker:DOGE");

        assertThat(server.http().send("DELETE", "/v1/memory/" + forex, null, "e2e-batch").statusCode()).isEqualTo(204);
        assertThat(server.http().json("GET", "/v1/entities/EURUSD/neighborhood", null, "e2e-batch").getJsonArray("memories"))
                .isEmpty();
        assertThat(server.http().json("GET", "/v1/entities/top?kind=forex_pair", null, "e2e-batch").getJsonArray("entities"))
                .isEmpty();
    }

    @Test
    void bad_input_is_a_problem_naming_the_field() {
        JsonObject problem = Http.json(server.http().send("GET", "/v1/entities/top?kind=stock", null, "e2e"));
        assertThat(problem.getInt("status")).isEqualTo(400);
        assertThat(problem.getString("field")).isEqualTo("kind");
        assertThat(Http.json(server.http().send("GET", "/v1/entities/BTC/neighborhood?limit=1000", null, "e2e"))
                .getString("field")).isEqualTo("limit");
    }
}
