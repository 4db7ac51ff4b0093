package dev.strata.adapters.http;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The agent tools of spec 01 at {@code /v1/tools/<name>}: arguments as the JSON body, the ok/err envelope back. */
class ToolsTest {

    private static final AtomicInteger TENANTS = new AtomicInteger();

    @RegisterExtension
    static final GatewayExtension gateway = GatewayExtension.onFakes();

    private GatewayExtension.Api api;

    @BeforeEach
    void freshTenant() {
        api = gateway.api("tools-" + TENANTS.incrementAndGet());
    }

    private JsonObject ok(String tool, String arguments) {
        JsonObject envelope = api.post("/v1/tools/" + tool, arguments).assertJson(200).json();
        assertThat(envelope.keySet()).containsExactly("ok", "data");
        assertThat(envelope.getBoolean("ok")).isTrue();
        return envelope.getJsonObject("data");
    }

    private long write(String category, String content) {
        gateway.backend().clock.advance(Duration.ofMinutes(1));
        return ok("memory_write", "{\"category\":\"" + category + "\",\"content\":\"" + content + "\"}")
                .getJsonNumber("id").longValueExact();
    }

    @Test
    void memory_write_answers_the_new_id_and_stores_an_agent_recorded_memory() {
        JsonObject data = ok("memory_write", """
                {"category":"preference","content":"always use 0.5% slippage on swaps",
                 "metadata":{"source":"user_turn","confidence":0.95}}""");

        long id = data.getJsonNumber("id").longValueExact();
        JsonObject memory = data.getJsonObject("memory");
        assertThat(memory.getJsonNumber("id").longValueExact()).isEqualTo(id);
        assertThat(memory.getString("source")).isEqualTo("agent_recorded");
        assertThat(memory.getJsonObject("metadata").getString("source")).isEqualTo("user_turn");
        assertThat(api.get("/v1/memory/" + id).assertJson(200).json()).isEqualTo(memory);
    }

    @Test
    void memory_write_resolves_aliases() {
        JsonObject memory = ok("memory_write", "{\"category\":\"warning\",\"content\":\"never ape\"}")
                .getJsonObject("memory");

        assertThat(memory.getString("category")).isEqualTo("lesson");
    }

    @Test
    void memory_search_answers_results_and_the_keyword_search_mode() {
        long swap = write("preference", "always use 0.5% slippage on swaps");
        write("preference", "prefers dark mode");

        JsonObject data = ok("memory_search", "{\"query\":\"slippage\",\"limit\":5}");

        assertThat(data.keySet()).containsExactly("results", "search_mode");
        assertThat(data.getString("search_mode")).isEqualTo("keyword");
        List<JsonObject> results = data.getJsonArray("results").getValuesAs(JsonObject.class);
        assertThat(results).hasSize(1);
        JsonObject hit = results.getFirst();
        assertThat(hit.getJsonNumber("id").longValueExact()).isEqualTo(swap);
        assertThat(hit.getString("category")).isEqualTo("preference");
        assertThat(hit.getString("content")).isEqualTo("always use 0.5% slippage on swaps");
        assertThat(hit.getString("snippet")).contains("**slippage**");
        assertThat(hit.getJsonArray("arms").getValuesAs(jakarta.json.JsonString.class))
                .extracting(jakarta.json.JsonString::getString).containsExactly("keyword");
        assertThat(hit.getJsonNumber("score").doubleValue()).isPositive();
    }

    @Test
    void max_results_is_a_synonym_of_limit() {
        for (int i = 0; i < 4; i++) {
            write("observation", "gas was high " + i);
        }

        assertThat(ok("memory_search", "{\"query\":\"gas\"}").getJsonArray("results")).hasSize(4);
        assertThat(ok("memory_search", "{\"query\":\"gas\",\"max_results\":2}").getJsonArray("results")).hasSize(2);
        assertThat(ok("memory_search", "{\"query\":\"gas\",\"limit\":3}").getJsonArray("results")).hasSize(3);
    }

    @Test
    void memory_search_filters_by_category() {
        write("observation", "gas was high");
        write("lesson", "gas spikes at noon");

        List<JsonObject> results = ok("memory_search", "{\"query\":\"gas\",\"category\":\"insight\"}")
                .getJsonArray("results").getValuesAs(JsonObject.class);

        assertThat(results).extracting(r -> r.getString("content")).containsExactly("gas spikes at noon");
    }

    @Test
    void a_malformed_query_never_hard_fails() {
        write("observation", "gas was high");

        List<JsonObject> results = ok("memory_search", "{\"query\":\"\\\"gas AND (\"}")
                .getJsonArray("results").getValuesAs(JsonObject.class);

        assertThat(results).extracting(r -> r.getString("content")).containsExactly("gas was high");
    }

    @Test
    void memory_read_answers_a_category_most_recently_updated_first() {
        write("preference", "first");
        write("lesson", "not a preference");
        write("preference", "second");
        write("preference", "third");

        List<String> all = contents(ok("memory_read", "{\"category\":\"preference\"}"));
        List<String> two = contents(ok("memory_read", "{\"category\":\"preference\",\"limit\":2}"));
        List<String> everything = contents(ok("memory_read", "{}"));

        assertThat(all).containsExactly("third", "second", "first");
        assertThat(two).containsExactly("third", "second");
        assertThat(everything).containsExactly("third", "second", "not a preference", "first");
    }

    @Test
    void an_error_is_the_error_envelope_with_a_status() {
        HttpReply reply = api.post("/v1/tools/memory_write", "{\"category\":\"fact\"}").assertJson(400);

        JsonObject envelope = reply.json();
        assertThat(envelope.keySet()).containsExactly("ok", "error", "field");
        assertThat(envelope.getBoolean("ok")).isFalse();
        assertThat(envelope.getString("error")).isEqualTo("content: is required");
        assertThat(envelope.getString("field")).isEqualTo("content");
        assertThat(api.get("/v1/memory").memories()).isEmpty();
    }

    @Test
    void an_unknown_tool_is_a_404_envelope() {
        HttpReply reply = api.post("/v1/tools/memory_learn_everything", "{}").assertJson(404);

        JsonObject envelope = reply.json();
        assertThat(envelope.getBoolean("ok")).isFalse();
        assertThat(envelope.getString("error")).contains("memory_learn_everything").contains("memory_write");
        assertThat(envelope.containsKey("data")).isFalse();
    }

    @Test
    void a_known_tool_called_with_the_wrong_method_is_a_405_envelope() {
        HttpReply reply = api.get("/v1/tools/memory_search").assertJson(405);

        JsonObject envelope = reply.json();
        assertThat(envelope.getBoolean("ok")).isFalse();
        assertThat(envelope.getString("error")).contains("POST");
        assertThat(reply.headers().firstValue("Allow")).hasValue("POST");
    }

    private static List<String> contents(JsonObject data) {
        return data.getJsonArray("memories").getValuesAs(JsonObject.class).stream()
                .map(m -> m.getString("content")).toList();
    }
}
