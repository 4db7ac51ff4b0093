package dev.strata.adapters.http;

import dev.strata.domain.graph.EntityInput;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code /v1/entities} resource over a real socket: neighborhoods, rankings and every refusal. */
class EntityEndpointsTest {

    private static final AtomicInteger TENANTS = new AtomicInteger();

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private GatewayExtension.Api api;

    @BeforeEach
    void freshTenant() {
        api = gateway.api("entities-" + TENANTS.incrementAndGet());
    }

    private long write(String content) {
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        return api.post("/v1/memory", "{\"category\":\"lesson\",\"content\":\"" + content + "\"}").assertJson(201).id();
    }

    private List<JsonObject> memoriesOf(String path) {
        return api.get(path).assertJson(200).json().getJsonArray("memories").getValuesAs(JsonObject.class);
    }

    private static List<String> edges(JsonObject memory) {
        return memory.getJsonArray("edges").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("type") + " " + e.getString("kind") + ":" + e.getString("key")).toList();
    }

    @Test
    void a_neighborhood_lists_the_linked_memories_with_their_edges() {
        long id = write("bought BTC and ETH on base");

        JsonObject body = api.get("/v1/entities/btc/neighborhood").assertJson(200).json();

        assertThat(body.getJsonObject("entity").getString("kind")).isEqualTo("ticker");
        assertThat(body.getJsonObject("entity").getString("key")).isEqualTo("BTC");
        JsonObject memory = body.getJsonArray("memories").getJsonObject(0);
        assertThat(memory.getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(memory.getString("content")).isEqualTo("bought BTC and ETH on base");
        assertThat(edges(memory)).containsExactly("holds ticker:BTC", "co_occurs_with ticker_pair:BTC|ETH");
        assertThat(edges(memoriesOf("/v1/entities/base/neighborhood").getFirst())).containsExactly("mentions chain:base");
        assertThat(edges(memoriesOf("/v1/entities/ETH%7CBTC/neighborhood").getFirst()))
                .containsExactly("co_occurs_with ticker_pair:BTC|ETH");
    }

    @Test
    void forex_keys_are_normalised_like_the_extractor_does() {
        long id = write("went long EUR/USD into the ECB meeting");

        for (String key : List.of("EURUSD", "eur-usd", "EUR_USD", "EUR%2FUSD", "EUR/USD", "eur%2fusd")) {
            HttpReply reply = api.get("/v1/entities/" + key + "/neighborhood").assertJson(200);
            assertThat(reply.json().getJsonObject("entity").getString("key")).as(key).isEqualTo("EURUSD");
            assertThat(reply.json().getJsonArray("memories")).as(key).hasSize(1);
            assertThat(reply.json().getJsonArray("memories").getJsonObject(0).getJsonNumber("id").longValueExact())
                    .isEqualTo(id);
        }
    }

    @Test
    void a_ticker_priced_with_a_slash_is_the_ticker() {
        write("bought BTC/USDT at 60k");

        JsonObject body = api.get("/v1/entities/BTC/USDT/neighborhood").assertJson(200).json();

        assertThat(body.getJsonObject("entity").getString("key")).isEqualTo("BTC");
        assertThat(body.getJsonArray("memories")).hasSize(1);
        api.get("/v1/entities/BTC/ETH/neighborhood").assertProblem(400, "key");
    }

    @Test
    void an_entity_nothing_links_to_has_an_empty_neighborhood() {
        write("bought BTC");

        JsonObject body = api.get("/v1/entities/SOL/neighborhood").assertJson(200).json();

        assertThat(body.getJsonObject("entity").getString("key")).isEqualTo("SOL");
        assertThat(body.getJsonArray("memories")).isEmpty();
    }

    @Test
    void the_neighborhood_is_newest_first_limited_and_follows_edits_deletes_and_restores() {
        long first = write("bought SOL");
        long second = write("sold SOL");
        long third = write("watching SOL");

        assertThat(memoriesOf("/v1/entities/SOL/neighborhood?limit=2"))
                .extracting(m -> m.getJsonNumber("id").longValueExact()).containsExactly(third, second);
        api.patch("/v1/memory/" + second, "{\"content\":\"sold ETH\"}").assertJson(200);
        api.delete("/v1/memory/" + third).assertStatus(204);
        assertThat(memoriesOf("/v1/entities/SOL/neighborhood"))
                .extracting(m -> m.getJsonNumber("id").longValueExact()).containsExactly(first);
        assertThat(edges(memoriesOf("/v1/entities/ETH/neighborhood").getFirst())).containsExactly("exited ticker:ETH");

        api.post("/v1/memory/" + third + "/restore", "").assertJson(200);
        assertThat(memoriesOf("/v1/entities/SOL/neighborhood")).hasSize(2);
    }

    @Test
    void top_lists_the_most_linked_entities_with_counts_optionally_of_one_kind() {
        write("bought BTC and ETH on base");
        write("sold BTC");

        List<JsonObject> top = api.get("/v1/entities/top").assertJson(200).json().getJsonArray("entities")
                .getValuesAs(JsonObject.class);
        assertThat(top.getFirst().getString("kind")).isEqualTo("ticker");
        assertThat(top.getFirst().getString("key")).isEqualTo("BTC");
        assertThat(top.getFirst().getInt("memories")).isEqualTo(2);
        assertThat(top.getFirst().getInt("edges")).isEqualTo(2);
        assertThat(top).extracting(e -> e.getString("key")).contains("ETH", "base", "BTC|ETH");

        assertThat(api.get("/v1/entities/top?kind=chain").assertJson(200).json().getJsonArray("entities")
                .getValuesAs(JsonObject.class)).extracting(e -> e.getString("key")).containsExactly("base");
        assertThat(api.get("/v1/entities/top?limit=1").assertJson(200).json().getJsonArray("entities")).hasSize(1);
        assertThat(gateway.api("entities-nobody").get("/v1/entities/top").assertJson(200).json()
                .getJsonArray("entities")).isEmpty();
    }

    @Test
    void bad_input_is_a_400_naming_the_field() {
        api.get("/v1/entities/top?kind=stock").assertProblem(400, "kind");
        api.get("/v1/entities/top?limit=0").assertProblem(400, "limit");
        api.get("/v1/entities/top?limit=101").assertProblem(400, "limit");
        api.get("/v1/entities/top?limit=ten").assertProblem(400, "limit");
        api.get("/v1/entities/BTC/neighborhood?kind=coin").assertProblem(400, "kind");
        api.get("/v1/entities/BTC/neighborhood?limit=-1").assertProblem(400, "limit");
        api.get("/v1/entities/%20/neighborhood").assertProblem(400, "key");
        api.get("/v1/entities/" + "A".repeat(EntityInput.MAX_KEY_CHARS + 1) + "/neighborhood").assertProblem(400, "key");
        api.get("/v1/entities/two%20words/neighborhood").assertProblem(400, "key");
        api.get("/v1/entities/BTC%7C/neighborhood").assertProblem(400, "key");
        api.get("/v1/entities/a%00b/neighborhood").assertProblem(400, "key");
        api.get("/v1/entities/dca%20weekly/neighborhood?kind=scenario").assertProblem(400, "key");
    }

    @Test
    void an_empty_key_names_no_resource() {
        api.get("/v1/entities//neighborhood").assertProblem(404);
    }
}
