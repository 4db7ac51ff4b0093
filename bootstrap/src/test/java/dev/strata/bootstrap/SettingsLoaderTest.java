package dev.strata.bootstrap;

import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.domain.workspace.WorkspaceLimits;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SettingsLoaderTest {

    private static SettingsLoader loader(Map<String, String> env) {
        return new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), env);
    }

    @Test
    void defaults_are_the_documented_ones() {
        StrataSettings s = loader(Map.of()).load();
        assertThat(s.server().gateway().host()).isEqualTo("127.0.0.1");
        assertThat(s.server().gateway().port()).isEqualTo(8420);
        assertThat(s.storage().dataDir()).isEqualTo(Path.of("./data"));
        assertThat(s.memory().retention()).isEqualTo(Duration.ofDays(30));
        assertThat(s.memory().purgeInterval()).isEqualTo(Duration.ofMinutes(30));
        assertThat(s.memory().snapshotLimit()).isEqualTo(50);
        assertThat(s.memory().limits().maxBatchSize()).isEqualTo(1000);
        assertThat(s.storage().synchronous()).isEqualTo(SQLiteConfig.SynchronousMode.NORMAL);
    }

    @Test
    void environment_variables_override_the_file() {
        StrataSettings s = loader(Map.of("STRATA_PORT", "9000", "STRATA_DATA_DIR", "/var/lib/strata",
                "STRATA_RETENTION_DAYS", "7", "STRATA_SQLITE_SYNCHRONOUS", "full")).load();
        assertThat(s.server().gateway().port()).isEqualTo(9000);
        assertThat(s.storage().dataDir()).isEqualTo(Path.of("/var/lib/strata"));
        assertThat(s.memory().retention()).isEqualTo(Duration.ofDays(7));
        assertThat(s.storage().synchronous()).isEqualTo(SQLiteConfig.SynchronousMode.FULL);
    }

    @Test
    void bad_values_name_their_key() {
        assertThatThrownBy(() -> loader(Map.of("STRATA_PORT", "eighty")).load())
                .hasMessageContaining("strata.server.port").hasMessageContaining("STRATA_PORT");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SQLITE_SYNCHRONOUS", "sometimes")).load())
                .hasMessageContaining("synchronous");
    }

    @Test
    void the_workspace_defaults_to_the_users_home_and_sessions_live_a_day() {
        StrataSettings s = new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), Map.of(),
                Path.of("/home/ada")).load();
        assertThat(s.workspace().directory()).isEqualTo(Path.of("/home/ada/.strata/workspace"));
        assertThat(s.workspace().limits()).isEqualTo(WorkspaceLimits.defaults());
        assertThat(s.sessions().ttl()).isEqualTo(Duration.ofMinutes(1440));
        assertThat(s.sessions().purgeInterval()).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void workspace_and_session_keys_have_their_environment_variables() {
        StrataSettings s = new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), Map.of(
                "STRATA_WORKSPACE", "~/openclaw", "STRATA_WORKSPACE_DAILY_NOTE_DAYS", "7",
                "STRATA_WORKSPACE_MAX_FILE_CHARS", "1000", "STRATA_SESSION_TTL_MINUTES", "15"),
                Path.of("/home/ada")).load();
        assertThat(s.workspace().directory()).isEqualTo(Path.of("/home/ada/openclaw"));
        assertThat(s.workspace().limits().dailyNoteDays()).isEqualTo(7);
        assertThat(s.workspace().limits().maxFileChars()).isEqualTo(1000);
        assertThat(s.sessions().ttl()).isEqualTo(Duration.ofMinutes(15));
        assertThat(loader(Map.of("STRATA_WORKSPACE", "/srv/ws")).load().workspace().directory())
                .isEqualTo(Path.of("/srv/ws"));
    }

    @Test
    void bad_workspace_and_session_values_name_their_key() {
        assertThatThrownBy(() -> loader(Map.of("STRATA_WORKSPACE_MAX_FILE_CHARS", "10")).load())
                .hasMessageContaining("strata.workspace").hasMessageContaining("maxFileChars");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SESSION_TTL_MINUTES", "0")).load())
                .hasMessageContaining("strata.sessions.ttl-minutes");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SESSION_TTL_MINUTES", "a day")).load())
                .hasMessageContaining("STRATA_SESSION_TTL_MINUTES");
    }

    @Test
    void pending_embeddings_are_caught_up_every_five_minutes_unless_the_environment_says_otherwise() {
        assertThat(loader(Map.of()).load().embedding().catchUpInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(loader(Map.of("STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS", "30")).load().embedding()
                .catchUpInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThatThrownBy(() -> loader(Map.of("STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS", "0")).load())
                .hasMessageContaining("strata.embedding.catch-up-interval-seconds");
    }

    @Test
    void the_embedding_worker_takes_two_fifths_of_the_cpu_behind_five_thousand_rows_unless_told_otherwise() {
        var share = loader(Map.of()).load().embedding().worker().backlogShare();
        assertThat(share).isEqualTo(new dev.strata.application.retrieval.EmbeddingSettings.BacklogShare(5_000, 40));
        assertThat(loader(Map.of("STRATA_EMBEDDING_BACKLOG_ROWS", "20000", "STRATA_EMBEDDING_BACKLOG_CPU_PERCENT", "0"))
                .load().embedding().worker().backlogShare().enabled()).isFalse();
        assertThatThrownBy(() -> loader(Map.of("STRATA_EMBEDDING_BACKLOG_ROWS", "0")).load())
                .hasMessageContaining("strata.embedding.backlog-rows");
        assertThatThrownBy(() -> loader(Map.of("STRATA_EMBEDDING_BACKLOG_CPU_PERCENT", "101")).load())
                .hasMessageContaining("strata.embedding.backlog-cpu-percent");
    }

    @Test
    void every_key_in_the_file_has_an_environment_variable() {
        Config file = Config.just(ConfigSources.classpath("application.yaml"));
        SettingsLoader loader = loader(Map.of());
        loader.load();
        Set<String> read = loader.keysRead().stream().map(ConfigKey::name).collect(Collectors.toSet());
        file.get("strata").traverse().filter(Config::isLeaf).forEach(node ->
                assertThat(read).contains(node.key().toString()));
        assertThat(loader.keysRead()).allSatisfy(key -> assertThat(key.env()).matches("[A-Z][A-Z0-9_]*"));
    }

    @Test
    void by_default_no_model_is_configured_and_consolidation_is_off() {
        StrataSettings s = loader(Map.of()).load();
        assertThat(s.llm().provider()).isEmpty();
        assertThat(s.llm().chat()).isEmpty();
        assertThat(s.llm().budget()).isEqualTo(dev.strata.domain.languagemodel.BudgetPolicy.unlimited());
        assertThat(s.llm().price()).isEmpty();
        assertThat(s.llm().budgetZone()).isEqualTo(java.time.ZoneId.of("UTC"));
        assertThat(s.facts().consolidation().enabled()).isFalse();
        assertThat(s.facts().consolidation().guidance()).isEmpty();
        assertThat(s.facts().sweep().debounce()).isEqualTo(Duration.ofSeconds(2));
        assertThat(s.facts().sweep().maxWait()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.facts().retryInterval()).isEqualTo(Duration.ofMinutes(15));
        assertThat(s.facts().snapshotLimit()).isEqualTo(50);
    }

    @Test
    void the_model_budget_and_consolidation_come_from_the_environment() {
        StrataSettings s = loader(Map.ofEntries(
                Map.entry("STRATA_LLM_PROVIDER", "Anthropic"),
                Map.entry("STRATA_LLM_MODEL", "claude-3-5-haiku-latest"),
                Map.entry("STRATA_LLM_API_KEY", "sk-secret"),
                Map.entry("STRATA_LLM_DAILY_TOKEN_CAP", "200000"),
                Map.entry("STRATA_LLM_DAILY_USD_CAP", "1.50"),
                Map.entry("STRATA_LLM_PRICE_INPUT_USD_PER_MILLION", "0.80"),
                Map.entry("STRATA_LLM_PRICE_OUTPUT_USD_PER_MILLION", "4"),
                Map.entry("STRATA_LLM_REQUEST_TIMEOUT_MS", "15000"),
                Map.entry("MEMORY_CONSOLIDATION_ENABLED", "true"),
                Map.entry("MEMORY_CONSOLIDATION_GUIDANCE", "Prefer keeping both when unsure."))).load();

        var chat = s.llm().chat().orElseThrow().settings();
        assertThat(chat.baseUrl().toString()).isEqualTo("https://api.anthropic.com");
        assertThat(chat.model()).isEqualTo("claude-3-5-haiku-latest");
        assertThat(chat.apiKey()).contains("sk-secret");
        assertThat(chat.requestTimeout()).isEqualTo(Duration.ofSeconds(15));
        assertThat(s.llm().toString()).doesNotContain("sk-secret");
        assertThat(s.llm().budget().dailyTokenCap()).hasValue(200000);
        assertThat(s.llm().budget().dailyUsdCap()).contains(new java.math.BigDecimal("1.50"));
        assertThat(s.llm().price().orElseThrow().usdPerMillionOutputTokens()).isEqualByComparingTo("4");
        assertThat(s.facts().consolidation().enabled()).isTrue();
        assertThat(s.facts().consolidation().guidance()).isEqualTo("Prefer keeping both when unsure.");
    }

    @Test
    void bad_model_and_fact_settings_name_their_key() {
        assertThatThrownBy(() -> loader(Map.of("STRATA_LLM_PROVIDER", "gemini")).load())
                .hasMessageContaining("strata.llm.provider").hasMessageContaining("gemini");
        assertThatThrownBy(() -> loader(Map.of("STRATA_LLM_PROVIDER", "openai")).load())
                .hasMessageContaining("STRATA_LLM_MODEL");
        assertThatThrownBy(() -> loader(Map.of("STRATA_LLM_DAILY_USD_CAP", "one dollar")).load())
                .hasMessageContaining("strata.llm.daily-usd-cap");
        assertThatThrownBy(() -> loader(Map.of("STRATA_LLM_PRICE_INPUT_USD_PER_MILLION", "1")).load())
                .hasMessageContaining("set together");
        assertThatThrownBy(() -> loader(Map.of("MEMORY_CONSOLIDATION_ENABLED", "sometimes")).load())
                .hasMessageContaining("MEMORY_CONSOLIDATION_ENABLED");
        assertThatThrownBy(() -> loader(Map.of("MEMORY_CONSOLIDATION_GUIDANCE", "x".repeat(1001))).load())
                .hasMessageContaining("MEMORY_CONSOLIDATION_GUIDANCE").hasMessageContaining("1000");
        assertThatThrownBy(() -> loader(Map.of("STRATA_FACTS_SWEEP_MAX_WAIT_MS", "10")).load())
                .hasMessageContaining("sweep-max-wait-ms");
        assertThatThrownBy(() -> loader(Map.of("STRATA_LLM_BUDGET_ZONE", "Mars/Olympus")).load())
                .hasMessageContaining("budget-zone");
    }

    @Test
    void search_defaults_turn_neighbour_context_on_and_the_environment_tunes_it() {
        StrataSettings s = loader(Map.of()).load();
        assertThat(s.search().fusion().rrfK()).isEqualTo(5);
        assertThat(s.embedding().local().queryInstruction()).isFalse();
        assertThat(loader(Map.of("STRATA_EMBEDDING_QUERY_INSTRUCTION", "true")).load().embedding().local().queryInstruction())
                .isTrue();
        assertThat(s.search().fusion().neighbourWeight()).isEqualTo(0.3);
        assertThat(s.search().fusion().neighbourWindow()).isEqualTo(2);
        assertThat(s.search().fusion().neighbourGap()).isEqualTo(Duration.ofMinutes(30));

        StrataSettings tuned = loader(Map.of("STRATA_SEARCH_NEIGHBOUR_WEIGHT", "0",
                "STRATA_SEARCH_NEIGHBOUR_WINDOW", "1", "STRATA_SEARCH_NEIGHBOUR_GAP_MINUTES", "5")).load();
        assertThat(tuned.search().fusion().neighbourContext().enabled()).isFalse();
        assertThat(tuned.search().fusion().neighbourWindow()).isEqualTo(1);
        assertThat(tuned.search().fusion().neighbourGap()).isEqualTo(Duration.ofMinutes(5));

        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_NEIGHBOUR_WEIGHT", "2")).load())
                .hasMessageContaining("neighbour");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_NEIGHBOUR_WINDOW", "many")).load())
                .hasMessageContaining("neighbour-window");
    }

    @Test
    void search_indexes_are_compacted_every_minute_once_they_grew_a_tenth_unless_the_environment_says_otherwise() {
        StrataSettings s = loader(Map.of()).load();
        assertThat(s.search().indexCompactionInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.search().indexCompactionGrowthPercent()).isEqualTo(10);
        StrataSettings off = loader(Map.of("STRATA_SEARCH_INDEX_COMPACTION_INTERVAL_SECONDS", "0",
                "STRATA_SEARCH_INDEX_COMPACTION_GROWTH_PERCENT", "25")).load();
        assertThat(off.search().indexCompactionInterval()).isZero();
        assertThat(off.search().indexCompactionGrowthPercent()).isEqualTo(25);
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_INDEX_COMPACTION_INTERVAL_SECONDS", "-1")).load())
                .hasMessageContaining("strata.search.index-compaction-interval-seconds");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_INDEX_COMPACTION_GROWTH_PERCENT", "0")).load())
                .hasMessageContaining("strata.search.index-compaction-growth-percent");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_INDEX_COMPACTION_GROWTH_PERCENT", "a tenth")).load())
                .hasMessageContaining("STRATA_SEARCH_INDEX_COMPACTION_GROWTH_PERCENT");
    }

    @Test
    void searches_run_three_per_core_at_once_and_wait_thirty_seconds_for_a_turn_unless_the_environment_says_otherwise() {
        StrataSettings s = loader(Map.of()).load();
        assertThat(s.search().admission().perCore()).isEqualTo(3);
        assertThat(s.search().admission().maxWait()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.search().admission().bound().maxConcurrent())
                .isEqualTo(3 * Runtime.getRuntime().availableProcessors());
        StrataSettings off = loader(Map.of("STRATA_SEARCH_MAX_CONCURRENT_PER_CORE", "0",
                "STRATA_SEARCH_MAX_WAIT_MS", "250")).load();
        assertThat(off.search().admission().bound().maxConcurrent()).as("0: no bound").isZero();
        assertThat(off.search().admission().maxWait()).isEqualTo(Duration.ofMillis(250));
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_MAX_CONCURRENT_PER_CORE", "-1")).load())
                .hasMessageContaining("strata.search.max-concurrent-per-core");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_MAX_CONCURRENT_PER_CORE", "65")).load())
                .hasMessageContaining("strata.search.max-concurrent-per-core");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_MAX_WAIT_MS", "-5")).load())
                .hasMessageContaining("strata.search.max-wait-ms");
        assertThatThrownBy(() -> loader(Map.of("STRATA_SEARCH_MAX_WAIT_MS", "soon")).load())
                .hasMessageContaining("STRATA_SEARCH_MAX_WAIT_MS");
    }
}
