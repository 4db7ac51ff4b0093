package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.server.ServerSettings;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * spec 02 "Anthropic Provider Limitation" and "Failure Modes": an embedding provider that cannot embed
 * (Anthropic, an unknown name, a misconfigured OpenAI profile) degrades to keyword search with one
 * warning instead of stopping start-up; a bad value of a setting without a fallback still stops it,
 * with one line naming the setting.
 */
class EmbeddingProviderDegradeTest {

    @TempDir
    Path dataDir;

    private final List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()
                    && record.getLoggerName().startsWith("dev.strata.bootstrap")) {
                warnings.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        Logger.getLogger("").addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        Logger.getLogger("").removeHandler(capture);
    }

    private static SettingsLoader loader(Map<String, String> env) {
        return new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), env);
    }

    private String searchMode(StrataSettings settings) {
        try (Strata strata = Strata.start(settings.withDataDir(dataDir)
                .with(new ServerSettings(GatewaySettings.defaults("127.0.0.1", 0))), Clock.systemUTC());
             Http http = new Http(strata.port())) {
            http.json("POST", "/v1/memory", "{\"category\":\"lesson\",\"content\":\"trail BTC stops by 8%\"}", "t");
            JsonObject reply = http.json("POST", "/v1/memory/search", "{\"query\":\"BTC stops\"}", "t");
            assertThat(reply.getJsonArray("hits")).hasSize(1);
            return reply.getString("search_mode");
        }
    }

    @Test
    void the_anthropic_provider_starts_with_keyword_search_and_one_warning() {
        StrataSettings settings = loader(Map.of("EMBEDDING_PROVIDER", "anthropic")).load();

        assertThat(settings.embedding().provider()).isEqualTo(EmbeddingProvider.DISABLED);
        assertThat(searchMode(settings)).isEqualTo("keyword");
        assertThat(warnings).singleElement().satisfies(w -> assertThat(w.getMessage())
                .contains("anthropic").contains("no embeddings API").contains("keyword-only"));
    }

    @Test
    void an_unknown_provider_starts_with_keyword_search_and_one_warning() {
        StrataSettings settings = loader(Map.of("EMBEDDING_PROVIDER", "cohere")).load();

        assertThat(searchMode(settings)).isEqualTo("keyword");
        assertThat(warnings).singleElement().satisfies(w -> assertThat(w.getMessage())
                .contains("'cohere'").contains("keyword-only"));
    }

    @Test
    void a_misconfigured_openai_provider_starts_with_keyword_search_and_one_warning() {
        StrataSettings settings = loader(Map.of("EMBEDDING_PROVIDER", "openai",
                "STRATA_EMBEDDING_OPENAI_BASE_URL", "ftp://embeddings.example")).load();

        assertThat(searchMode(settings)).isEqualTo("keyword");
        assertThat(warnings).singleElement().satisfies(w -> assertThat(w.getMessage())
                .contains("openai").contains("misconfigured").contains("keyword-only"));
    }

    @Test
    void a_bad_value_of_a_setting_without_a_fallback_still_stops_start_with_one_line() {
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_RRF_K", "many")).load())
                .hasMessageContaining("strata.search.rrf-k").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_VECTOR_MIN_SIMILARITY", "1.5")).load())
                .hasMessageContaining("strata.search.vector-min-similarity").hasMessageNotContaining("\n");
    }

    @Test
    void the_similarity_floor_is_the_models_unless_configured() {
        assertThat(loader(Map.of()).load().search().fusion().vectorMinSimilarity()).isEmpty();
        assertThat(loader(Map.of("STRATA_SEARCH_VECTOR_MIN_SIMILARITY", "0.6")).load().search().fusion()
                .vectorMinSimilarity()).hasValue(0.6);
    }
}
