package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.server.ServerSettings;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Issue 12 "What a new user hit", through the whole server with the default in-process model and the
 * default similarity floor: a small tenant written in one sitting, as the README's examples write it.
 */
class NewUserSearchEndToEndTest {

    private static final String TENANT = "newcomer";

    @TempDir
    static Path dataDir;

    private static Strata strata;
    private static Http http;
    private static final List<Long> ids = new ArrayList<>();

    @BeforeAll
    static void start() {
        StrataSettings defaults = SettingsLoader.fromDefaults().load();
        strata = Strata.start(defaults.withDataDir(dataDir)
                .with(defaults.embedding().withProvider(EmbeddingProvider.LOCAL))
                .with(new ServerSettings(GatewaySettings.defaults("127.0.0.1", 0))), Clock.systemUTC());
        http = new Http(strata.port());
        write("preference", "always use 0.5% slippage on swaps");
        write("observation", "user avoided meme coins throughout Q1");
        write("trade_outcome", "long ETH from $3200, closed at $3450, +7.8%");
        write("lesson", "stop-losses on BTC should trail by 8% not 5%");
        write("preference", "user prefers BTC over ETH for long-term holds");
        write("preference", "prefers dark mode in every editor");
        write("personalization", "user treats crypto as a 5% allocation");
        ids.forEach(NewUserSearchEndToEndTest::awaitEmbedded);
    }

    @AfterAll
    static void stop() {
        http.close();
        strata.close();
    }

    private static JsonObject search(String body) {
        return http.json("POST", "/v1/memory/search", body, TENANT);
    }

    private static List<JsonObject> hits(JsonObject reply) {
        return reply.getJsonArray("hits").getValuesAs(JsonObject.class);
    }

    @Test
    void a_query_nothing_relates_to_gets_an_empty_or_keyword_only_answer() {
        for (String query : List.of("asdkjh qwpeoiru zxmvn", "'; DROP TABLE memories; --",
                "completely unrelated text about cooking pasta")) {
            JsonObject reply = search("{\"query\":" + jsonString(query) + "}");

            assertThat(reply.getString("search_mode")).isEqualTo("hybrid");
            assertThat(hits(reply)).as(query).allSatisfy(h -> assertThat(arms(h)).containsExactly("keyword"));
            assertThat(hits(reply)).as(query).hasSizeLessThan(ids.size());
        }
    }

    @Test
    void a_column_filter_holds_for_the_vector_arm_too() {
        JsonObject reply = search("{\"query\":\"category:lesson BTC\"}");

        assertThat(hits(reply)).isNotEmpty().allSatisfy(h -> assertThat(h.getString("category")).isEqualTo("lesson"));
    }

    @Test
    void the_score_is_in_0_to_1_with_the_first_hit_at_1() {
        JsonObject reply = search("{\"query\":\"how much slippage on swaps?\"}");

        assertThat(hits(reply)).isNotEmpty();
        assertThat(hits(reply).getFirst().getJsonNumber("score").doubleValue()).isEqualTo(1.0);
        assertThat(hits(reply)).allSatisfy(h -> assertThat(h.getJsonNumber("score").doubleValue()).isBetween(0.0, 1.0));
        // score is raw_score (the fused ranking value) over the best hit's.
        double best = hits(reply).getFirst().getJsonNumber("raw_score").doubleValue();
        assertThat(best).isPositive();
        assertThat(hits(reply)).allSatisfy(h -> assertThat(h.getJsonNumber("score").doubleValue())
                .isCloseTo(h.getJsonNumber("raw_score").doubleValue() / best, within(1e-9)));
    }

    @Test
    void a_related_question_still_finds_its_memory_through_the_vector_arm() {
        JsonObject reply = search("{\"query\":\"editor color scheme\"}");

        assertThat(hits(reply)).isNotEmpty();
        assertThat(hits(reply).getFirst().getString("content")).isEqualTo("prefers dark mode in every editor");
        // The floor is on the best match, not a window (a window cost LoCoMo recall): the arm answers with its
        // neighbours too, ranked far below the memory the question is about.
        assertThat(hits(reply).subList(1, hits(reply).size()))
                .allSatisfy(h -> assertThat(h.getJsonNumber("score").doubleValue()).isLessThan(0.5));
    }

    private static List<String> arms(JsonObject hit) {
        return hit.getJsonArray("arms").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void write(String category, String content) {
        JsonObject created = http.json("POST", "/v1/memory", "{\"category\":\"" + category + "\",\"content\":"
                + jsonString(content) + "}", TENANT);
        ids.add(created.getJsonNumber("id").longValueExact());
    }

    private static void awaitEmbedded(long id) {
        Http.await("memory " + id + " to be embedded", () -> "embedded".equals(state(id)));
    }

    private static String state(long id) {
        try (Connection c = strata.core().database().connection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT embedding_state FROM memories WHERE id = " + id)) {
            return r.next() ? r.getString(1) : "";
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
