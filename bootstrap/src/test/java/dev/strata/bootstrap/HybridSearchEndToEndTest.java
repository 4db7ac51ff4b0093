package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hybrid search through the whole server with the default in-process model: writes return at once,
 * the worker embeds them in the background, and search fuses both arms. The model loads once here.
 */
class HybridSearchEndToEndTest {

    @RegisterExtension
    static final StrataServerExtension server =
            StrataServerExtension.started(s -> s.with(s.embedding().withProvider(EmbeddingProvider.LOCAL)));

    @Test
    void without_any_configuration_the_provider_is_the_local_model() {
        StrataSettings unconfigured = new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")),
                Map.of()).load();

        assertThat(unconfigured.embedding().provider()).isEqualTo(EmbeddingProvider.LOCAL);
    }

    @Test
    void the_vector_arm_finds_a_memory_that_shares_no_word_with_the_query() {
        long dog = write("hybrid", "My dog Rex loves chasing tennis balls in the park");
        write("hybrid", "The quarterly tax report is due on the fifteenth");
        write("hybrid", "Switched the build server to a faster disk");
        awaitEmbedded(dog);

        JsonObject reply = server.http().json("POST", "/v1/memory/search", "{\"query\":\"puppy playing fetch\"}", "hybrid");

        assertThat(reply.getString("search_mode")).isEqualTo("hybrid");
        JsonObject first = reply.getJsonArray("hits").getJsonObject(0);
        assertThat(first.getJsonNumber("id").longValueExact()).isEqualTo(dog);
        assertThat(arms(first)).containsExactly("vector");
    }

    @Test
    void a_hit_both_arms_found_lists_both_and_the_tool_says_hybrid() {
        long swap = write("tools", "always use 0.5% slippage on swaps");
        write("tools", "prefers dark mode in every editor");
        awaitEmbedded(swap);

        JsonObject envelope = server.http().json("POST", "/v1/tools/memory_search", "{\"query\":\"slippage on swaps\"}",
                "tools");

        JsonObject data = envelope.getJsonObject("data");
        assertThat(data.getString("search_mode")).isEqualTo("hybrid");
        JsonObject first = data.getJsonArray("results").getJsonObject(0);
        assertThat(first.getJsonNumber("id").longValueExact()).isEqualTo(swap);
        // The passage arm ranks it by its own words too (issue 19: each memory indexed with its neighbours).
        assertThat(arms(first)).containsExactly("keyword", "vector", "passage");
        assertThat(first.getString("snippet")).contains("**slippage**");
    }

    @Test
    void search_stays_within_the_tenant() {
        long mine = write("tenant-a", "the user collects vintage fountain pens");
        long theirs = write("tenant-b", "the user collects vintage fountain pens");
        awaitEmbedded(mine);
        awaitEmbedded(theirs);

        JsonObject reply = server.http().json("POST", "/v1/memory/search", "{\"query\":\"writing instruments hobby\"}",
                "tenant-a");

        assertThat(reply.getJsonArray("hits").getValuesAs(JsonObject.class))
                .extracting(h -> h.getJsonNumber("id").longValueExact()).containsExactly(mine);
    }

    private static List<String> arms(JsonObject hit) {
        return hit.getJsonArray("arms").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    private static long write(String tenant, String content) {
        JsonObject created = server.http().json("POST", "/v1/memory", "{\"category\":\"observation\",\"content\":\""
                + content + "\"}", tenant);
        return created.getJsonNumber("id").longValueExact();
    }

    private static void awaitEmbedded(long id) {
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));
    }

    private static String state(long id) {
        return server.embeddingState(id);
    }
}
