package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.application.retrieval.EmbeddingSettings;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.adapters.llm.chat.RetryPolicy;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.adapters.workspace.WorkspaceRoot;
import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.model.BudgetPolicy;
import dev.strata.domain.model.ModelPrice;
import dev.strata.domain.workspace.WorkspaceLimits;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.sqlite.SQLiteConfig;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads {@code application.yaml} with Helidon Config and lets an environment variable override each
 * key. The variable names are explicit (see {@link #ENV}) rather than derived, so the README's
 * table is the whole contract and a typo in a variable cannot silently map somewhere else.
 */
public final class SettingsLoader {

    /** Environment variable for each configuration key. */
    static final Map<String, String> ENV = Map.ofEntries(
            Map.entry("strata.data-dir", "STRATA_DATA_DIR"),
            Map.entry("strata.server.host", "STRATA_HOST"),
            Map.entry("strata.server.port", "STRATA_PORT"),
            Map.entry("strata.server.require-auth", "STRATA_REQUIRE_AUTH"),
            Map.entry("strata.server.max-body-bytes", "STRATA_MAX_BODY_BYTES"),
            Map.entry("strata.server.max-batch-body-bytes", "STRATA_MAX_BATCH_BODY_BYTES"),
            Map.entry("strata.memory.max-content-chars", "STRATA_MAX_CONTENT_CHARS"),
            Map.entry("strata.memory.max-metadata-chars", "STRATA_MAX_METADATA_CHARS"),
            Map.entry("strata.memory.max-batch-size", "STRATA_MAX_BATCH_SIZE"),
            Map.entry("strata.memory.retention-days", "STRATA_RETENTION_DAYS"),
            Map.entry("strata.memory.purge-interval-minutes", "STRATA_PURGE_INTERVAL_MINUTES"),
            Map.entry("strata.memory.snapshot-limit", "STRATA_SNAPSHOT_LIMIT"),
            Map.entry("strata.sqlite.pool-size", "STRATA_SQLITE_POOL_SIZE"),
            Map.entry("strata.sqlite.busy-timeout-ms", "STRATA_SQLITE_BUSY_TIMEOUT_MS"),
            Map.entry("strata.sqlite.synchronous", "STRATA_SQLITE_SYNCHRONOUS"),
            Map.entry("strata.workspace.dir", "STRATA_WORKSPACE"),
            Map.entry("strata.workspace.max-file-chars", "STRATA_WORKSPACE_MAX_FILE_CHARS"),
            Map.entry("strata.workspace.max-total-chars", "STRATA_WORKSPACE_MAX_TOTAL_CHARS"),
            Map.entry("strata.workspace.max-file-bytes", "STRATA_WORKSPACE_MAX_FILE_BYTES"),
            Map.entry("strata.workspace.daily-note-days", "STRATA_WORKSPACE_DAILY_NOTE_DAYS"),
            Map.entry("strata.sessions.ttl-minutes", "STRATA_SESSION_TTL_MINUTES"),
            Map.entry("strata.sessions.purge-interval-minutes", "STRATA_SESSION_PURGE_INTERVAL_MINUTES"),
            Map.entry("strata.llm.provider", "STRATA_LLM_PROVIDER"),
            Map.entry("strata.llm.base-url", "STRATA_LLM_BASE_URL"),
            Map.entry("strata.llm.model", "STRATA_LLM_MODEL"),
            Map.entry("strata.llm.api-key", "STRATA_LLM_API_KEY"),
            Map.entry("strata.llm.connect-timeout-ms", "STRATA_LLM_CONNECT_TIMEOUT_MS"),
            Map.entry("strata.llm.request-timeout-ms", "STRATA_LLM_REQUEST_TIMEOUT_MS"),
            Map.entry("strata.llm.retry-max-attempts", "STRATA_LLM_RETRY_MAX_ATTEMPTS"),
            Map.entry("strata.llm.retry-initial-backoff-ms", "STRATA_LLM_RETRY_INITIAL_BACKOFF_MS"),
            Map.entry("strata.llm.retry-max-backoff-ms", "STRATA_LLM_RETRY_MAX_BACKOFF_MS"),
            Map.entry("strata.llm.retry-max-retry-after-ms", "STRATA_LLM_RETRY_MAX_RETRY_AFTER_MS"),
            Map.entry("strata.llm.breaker-failure-threshold", "STRATA_LLM_BREAKER_FAILURE_THRESHOLD"),
            Map.entry("strata.llm.breaker-open-ms", "STRATA_LLM_BREAKER_OPEN_MS"),
            Map.entry("strata.llm.daily-token-cap", "STRATA_LLM_DAILY_TOKEN_CAP"),
            Map.entry("strata.llm.daily-usd-cap", "STRATA_LLM_DAILY_USD_CAP"),
            Map.entry("strata.llm.price-input-usd-per-million", "STRATA_LLM_PRICE_INPUT_USD_PER_MILLION"),
            Map.entry("strata.llm.price-output-usd-per-million", "STRATA_LLM_PRICE_OUTPUT_USD_PER_MILLION"),
            Map.entry("strata.llm.budget-zone", "STRATA_LLM_BUDGET_ZONE"),
            Map.entry("strata.facts.consolidation-enabled", "MEMORY_CONSOLIDATION_ENABLED"),
            Map.entry("strata.facts.consolidation-guidance", "MEMORY_CONSOLIDATION_GUIDANCE"),
            Map.entry("strata.facts.sweep-debounce-ms", "STRATA_FACTS_SWEEP_DEBOUNCE_MS"),
            Map.entry("strata.facts.sweep-max-wait-ms", "STRATA_FACTS_SWEEP_MAX_WAIT_MS"),
            Map.entry("strata.facts.retry-interval-minutes", "STRATA_FACTS_RETRY_INTERVAL_MINUTES"),
            Map.entry("strata.facts.snapshot-limit", "STRATA_FACTS_SNAPSHOT_LIMIT"),
            Map.entry("strata.embedding.provider", "EMBEDDING_PROVIDER"),
            Map.entry("strata.embedding.local-model", "STRATA_EMBEDDING_LOCAL_MODEL"),
            Map.entry("strata.embedding.query-instruction", "STRATA_EMBEDDING_QUERY_INSTRUCTION"),
            Map.entry("strata.embedding.openai-base-url", "STRATA_EMBEDDING_OPENAI_BASE_URL"),
            Map.entry("strata.embedding.openai-model", "STRATA_EMBEDDING_OPENAI_MODEL"),
            Map.entry("strata.embedding.openai-api-key", "STRATA_EMBEDDING_OPENAI_API_KEY"),
            Map.entry("strata.embedding.openai-dimension", "STRATA_EMBEDDING_OPENAI_DIMENSION"),
            Map.entry("strata.embedding.queue-capacity", "STRATA_EMBEDDING_QUEUE_CAPACITY"),
            Map.entry("strata.embedding.batch-size", "STRATA_EMBEDDING_BATCH_SIZE"),
            Map.entry("strata.embedding.catch-up-interval-seconds", "STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS"),
            Map.entry("strata.embedding.local-query-threads", "STRATA_EMBEDDING_LOCAL_QUERY_THREADS"),
            Map.entry("strata.embedding.local-document-threads", "STRATA_EMBEDDING_LOCAL_DOCUMENT_THREADS"),
            Map.entry("strata.embedding.yield-quiet-ms", "STRATA_EMBEDDING_YIELD_QUIET_MS"),
            Map.entry("strata.embedding.yield-max-wait-ms", "STRATA_EMBEDDING_YIELD_MAX_WAIT_MS"),
            Map.entry("strata.search.candidate-depth", "STRATA_SEARCH_CANDIDATE_DEPTH"),
            Map.entry("strata.search.keyword-candidates", "STRATA_SEARCH_KEYWORD_CANDIDATES"),
            Map.entry("strata.search.index-compaction-interval-seconds",
                    "STRATA_SEARCH_INDEX_COMPACTION_INTERVAL_SECONDS"),
            Map.entry("strata.search.index-compaction-growth-percent", "STRATA_SEARCH_INDEX_COMPACTION_GROWTH_PERCENT"),
            Map.entry("strata.search.rrf-k", "STRATA_SEARCH_RRF_K"),
            Map.entry("strata.search.keyword-weight", "STRATA_SEARCH_KEYWORD_WEIGHT"),
            Map.entry("strata.search.vector-weight", "STRATA_SEARCH_VECTOR_WEIGHT"),
            Map.entry("strata.search.temporal-decay", "STRATA_SEARCH_TEMPORAL_DECAY"),
            Map.entry("strata.search.mmr", "STRATA_SEARCH_MMR"),
            Map.entry("strata.search.neighbour-weight", "STRATA_SEARCH_NEIGHBOUR_WEIGHT"),
            Map.entry("strata.search.neighbour-window", "STRATA_SEARCH_NEIGHBOUR_WINDOW"),
            Map.entry("strata.search.neighbour-gap-minutes", "STRATA_SEARCH_NEIGHBOUR_GAP_MINUTES"),
            Map.entry("strata.search.vector-min-similarity", "STRATA_SEARCH_VECTOR_MIN_SIMILARITY"),
            Map.entry("strata.search.vector-solo-min-similarity", "STRATA_SEARCH_VECTOR_SOLO_MIN_SIMILARITY"),
            Map.entry("strata.search.vector-similarity-window", "STRATA_SEARCH_VECTOR_SIMILARITY_WINDOW"));

    private final Config config;
    private final Map<String, String> env;
    private final Path userHome;

    SettingsLoader(Config config, Map<String, String> env) {
        this(config, env, Path.of(System.getProperty("user.home")));
    }

    SettingsLoader(Config config, Map<String, String> env, Path userHome) {
        this.config = config;
        this.env = env;
        this.userHome = userHome;
    }

    public static SettingsLoader fromDefaults() {
        return new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), System.getenv());
    }

    public StrataSettings load() {
        MemoryLimits defaults = MemoryLimits.DEFAULTS;
        MemoryLimits limits = new MemoryLimits(
                integer("strata.memory.max-content-chars"),
                integer("strata.memory.max-metadata-chars"),
                integer("strata.memory.max-batch-size"),
                defaults.maxListLimit(), defaults.maxSearchLimit(),
                defaults.defaultListLimit(), defaults.defaultSearchLimit());
        GatewaySettings gateway = new GatewaySettings(
                string("strata.server.host"),
                integer("strata.server.port"),
                longValue("strata.server.max-body-bytes"),
                longValue("strata.server.max-batch-body-bytes"),
                bool("strata.server.require-auth"));
        SqliteSettings sqlite = new SqliteSettings(
                integer("strata.sqlite.pool-size"),
                Duration.ofMillis(longValue("strata.sqlite.busy-timeout-ms")),
                synchronous(string("strata.sqlite.synchronous")),
                integer("strata.search.keyword-candidates"),
                Duration.ofSeconds(longValue("strata.search.index-compaction-interval-seconds")),
                integer("strata.search.index-compaction-growth-percent"));
        return new StrataSettings(
                Path.of(string("strata.data-dir")),
                gateway,
                limits,
                Duration.ofDays(integer("strata.memory.retention-days")),
                Duration.ofMinutes(integer("strata.memory.purge-interval-minutes")),
                integer("strata.memory.snapshot-limit"),
                sqlite,
                workspace(),
                new SessionSettings(Duration.ofMinutes(longValue("strata.sessions.ttl-minutes")),
                        Duration.ofMinutes(longValue("strata.sessions.purge-interval-minutes"))),
                llm(),
                facts(),
                retrieval());
    }

    private RetrievalSettings retrieval() {
        EmbeddingProvider provider = Retrieval.provider(string("strata.embedding.provider"));
        Optional<URI> baseUrl = optional("strata.embedding.openai-base-url").map(raw -> {
            try {
                return URI.create(raw);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("configuration strata.embedding.openai-base-url "
                        + "(STRATA_EMBEDDING_OPENAI_BASE_URL) is not a URL: " + raw, e);
            }
        });
        OptionalInt dimension = optional("strata.embedding.openai-dimension")
                .map(raw -> OptionalInt.of((int) parseLong("strata.embedding.openai-dimension", raw)))
                .orElse(OptionalInt.empty());
        FusionSettings defaults = FusionSettings.defaults();
        FusionSettings fusion = new FusionSettings(integer("strata.search.rrf-k"), defaults.keywordWeight(),
                defaults.vectorWeight(), defaults.entityBoostFactor(), defaults.temporalDecayEnabled(),
                defaults.decayHalfLife(), defaults.decayExemptTypes(), defaults.mmrEnabled(), defaults.mmrLambda())
                .withArmWeights(decimal("strata.search.keyword-weight", string("strata.search.keyword-weight"))
                                .doubleValue(),
                        decimal("strata.search.vector-weight", string("strata.search.vector-weight")).doubleValue())
                .withTemporalDecay(bool("strata.search.temporal-decay"))
                .withMmr(bool("strata.search.mmr"))
                .withVectorMinSimilarity(similarity("strata.search.vector-min-similarity", false))
                .withVectorSoloMinSimilarity(similarity("strata.search.vector-solo-min-similarity", false))
                .withVectorSimilarityWindow(similarity("strata.search.vector-similarity-window", true));
        try {
            fusion = fusion.withNeighbourContext(
                    decimal("strata.search.neighbour-weight", string("strata.search.neighbour-weight")).doubleValue(),
                    integer("strata.search.neighbour-window"),
                    Duration.ofMinutes(longValue("strata.search.neighbour-gap-minutes")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration strata.search.neighbour-*: " + e.getMessage(), e);
        }
        EmbeddingSettings.Yield yield;
        try {
            yield = new EmbeddingSettings.Yield(Duration.ofMillis(longValue("strata.embedding.yield-quiet-ms")),
                    Duration.ofMillis(longValue("strata.embedding.yield-max-wait-ms")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration strata.embedding.yield-quiet-ms / yield-max-wait-ms: "
                    + e.getMessage(), e);
        }
        EmbeddingSettings embedding = new EmbeddingSettings(integer("strata.embedding.queue-capacity"),
                integer("strata.embedding.batch-size"), EmbeddingSettings.DEFAULTS.minChars(),
                EmbeddingSettings.DEFAULTS.chunker(), yield);
        return new RetrievalSettings(provider, optional("strata.embedding.local-model").orElse(""),
                bool("strata.embedding.query-instruction"), baseUrl,
                string("strata.embedding.openai-model"), optional("strata.embedding.openai-api-key"), dimension,
                integer("strata.search.candidate-depth"), fusion, embedding,
                Duration.ofSeconds(longValue("strata.embedding.catch-up-interval-seconds")),
                integer("strata.embedding.local-query-threads"), integer("strata.embedding.local-document-threads"));
    }

    private WorkspaceSettings workspace() {
        WorkspaceLimits limits;
        try {
            limits = new WorkspaceLimits(integer("strata.workspace.max-file-chars"),
                    integer("strata.workspace.max-total-chars"), longValue("strata.workspace.max-file-bytes"),
                    integer("strata.workspace.daily-note-days"));
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException("configuration strata.workspace: " + e.getMessage(), e);
        }
        return new WorkspaceSettings(WorkspaceRoot.locate(string("strata.workspace.dir"), userHome), limits);
    }

    /**
     * Optional values (base URL, API key, caps, prices) follow one convention: an empty string in
     * the file, or an unset or blank variable, means "not set".
     */
    private LlmSettings llm() {
        String providerKey = string("strata.llm.provider");
        Optional<ChatProvider> provider = providerKey.isBlank() || providerKey.strip().equalsIgnoreCase("none")
                ? Optional.empty()
                : Optional.of(ChatProvider.fromKey(providerKey).orElseThrow(() -> new IllegalArgumentException(
                        "configuration strata.llm.provider (STRATA_LLM_PROVIDER) must be none, openai or anthropic, got '"
                                + providerKey + "'")));
        Optional<URI> baseUrl = optional("strata.llm.base-url").map(raw -> {
            try {
                return new URI(raw.strip());
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("configuration strata.llm.base-url (STRATA_LLM_BASE_URL) is not a URL: "
                        + raw);
            }
        });
        RetryPolicy retry = new RetryPolicy(integer("strata.llm.retry-max-attempts"),
                millis("strata.llm.retry-initial-backoff-ms"), millis("strata.llm.retry-max-backoff-ms"),
                millis("strata.llm.retry-max-retry-after-ms"));
        BudgetPolicy budget = new BudgetPolicy(
                optional("strata.llm.daily-token-cap").map(raw -> OptionalLong.of(parseLong("strata.llm.daily-token-cap", raw)))
                        .orElse(OptionalLong.empty()),
                optional("strata.llm.daily-usd-cap").map(raw -> decimal("strata.llm.daily-usd-cap", raw)));
        Optional<BigDecimal> input = optional("strata.llm.price-input-usd-per-million")
                .map(raw -> decimal("strata.llm.price-input-usd-per-million", raw));
        Optional<BigDecimal> output = optional("strata.llm.price-output-usd-per-million")
                .map(raw -> decimal("strata.llm.price-output-usd-per-million", raw));
        if (input.isPresent() != output.isPresent()) {
            throw new IllegalArgumentException("configuration strata.llm.price-input-usd-per-million and "
                    + "strata.llm.price-output-usd-per-million must be set together");
        }
        ZoneId zone;
        try {
            zone = ZoneId.of(string("strata.llm.budget-zone").strip());
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("configuration strata.llm.budget-zone (STRATA_LLM_BUDGET_ZONE) must be a "
                    + "time-zone id such as UTC or Europe/Paris");
        }
        return new LlmSettings(provider, baseUrl, optional("strata.llm.model").orElse("").strip(),
                optional("strata.llm.api-key").map(String::strip),
                millis("strata.llm.connect-timeout-ms"), millis("strata.llm.request-timeout-ms"), retry,
                integer("strata.llm.breaker-failure-threshold"), millis("strata.llm.breaker-open-ms"), budget,
                input.map(in -> new ModelPrice(in, output.orElseThrow())), zone);
    }

    private FactSettings facts() {
        String guidance = optional("strata.facts.consolidation-guidance").orElse("");
        if (guidance.strip().length() > ConsolidationSettings.MAX_GUIDANCE_CHARS) {
            throw new IllegalArgumentException("configuration strata.facts.consolidation-guidance "
                    + "(MEMORY_CONSOLIDATION_GUIDANCE) must be at most " + ConsolidationSettings.MAX_GUIDANCE_CHARS
                    + " characters");
        }
        return new FactSettings(
                new ConsolidationSettings(bool("strata.facts.consolidation-enabled"), guidance,
                        ConsolidationSettings.DEFAULT_MAX_CANDIDATES),
                millis("strata.facts.sweep-debounce-ms"),
                millis("strata.facts.sweep-max-wait-ms"),
                Duration.ofMinutes(integer("strata.facts.retry-interval-minutes")),
                integer("strata.facts.snapshot-limit"));
    }

    /**
     * The vector arm's similarity floors (strata.search.vector-min-similarity and vector-solo-min-similarity,
     * in [0, 1)) and window
     * (strata.search.vector-similarity-window, in (0, 2]): empty = the embedding model's measured value.
     */
    private OptionalDouble similarity(String key, boolean window) {
        return optional(key).map(raw -> {
            double value = decimal(key, raw).doubleValue();
            boolean valid = window ? value > 0 && value <= 2 : value >= 0 && value < 1;
            if (!valid) {
                throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key) + ") must be in "
                        + (window ? "(0, 2]" : "[0, 1)") + ", got '" + raw.strip() + "'");
            }
            return OptionalDouble.of(value);
        }).orElse(OptionalDouble.empty());
    }

    /** A value that may be left empty: absent when the variable is unset or blank and the file holds "". */
    private Optional<String> optional(String key) {
        String envName = ENV.get(key);
        Optional<String> fromEnv = Optional.ofNullable(envName).map(env::get).filter(v -> !v.isBlank());
        if (fromEnv.isPresent()) {
            return fromEnv;
        }
        return config.get(key).asString().asOptional().filter(v -> !v.isBlank());
    }

    private boolean bool(String key) {
        String raw = string(key).strip().toLowerCase(Locale.ROOT);
        return switch (raw) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key)
                    + ") must be true or false, got '" + raw + "'");
        };
    }

    private Duration millis(String key) {
        return Duration.ofMillis(longValue(key));
    }

    private static long parseLong(String key, String raw) {
        try {
            return Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key) + ") must be an integer, got '"
                    + raw + "'");
        }
    }

    private static BigDecimal decimal(String key, String raw) {
        try {
            return new BigDecimal(raw.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key) + ") must be a decimal "
                    + "number, got '" + raw + "'");
        }
    }

    private String string(String key) {
        String envName = ENV.get(key);
        Optional<String> fromEnv = Optional.ofNullable(envName).map(env::get).filter(v -> !v.isBlank());
        return fromEnv.orElseGet(() -> config.get(key).asString()
                .orElseThrow(() -> new IllegalStateException("missing configuration key " + key)));
    }

    private int integer(String key) {
        return (int) longValue(key);
    }

    private long longValue(String key) {
        String raw = string(key);
        try {
            return Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key) + ") must be an integer, got '"
                    + raw + "'");
        }
    }

    private static SQLiteConfig.SynchronousMode synchronous(String raw) {
        try {
            return SQLiteConfig.SynchronousMode.valueOf(raw.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration strata.sqlite.synchronous must be OFF, NORMAL or FULL");
        }
    }
}
