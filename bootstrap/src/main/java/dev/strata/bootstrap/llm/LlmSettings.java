package dev.strata.bootstrap.llm;

import dev.strata.adapters.llm.chat.ChatModelSettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.adapters.llm.chat.RetryPolicy;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
import dev.strata.domain.languagemodel.BudgetPolicy;
import dev.strata.domain.languagemodel.ModelPrice;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * The language model behind the LLM features (consolidation today), its budget and its price:
 * {@code strata.llm.*}. {@code chat} is empty when no provider is configured: those features then
 * report themselves disabled and nothing calls out. The client's own {@link ChatModelSettings} checks
 * the model, URL, timeouts and circuit breaker, once, as the settings are read.
 *
 * @param price USD per million input and output tokens; without it calls are charged in tokens only
 */
public record LlmSettings(Optional<Chat> chat, BudgetPolicy budget, Optional<ModelPrice> price, ZoneId budgetZone)
        implements AreaSettings {

    static final ConfigKey PROVIDER = new ConfigKey("strata.llm.provider", "STRATA_LLM_PROVIDER");
    static final ConfigKey BASE_URL = new ConfigKey("strata.llm.base-url", "STRATA_LLM_BASE_URL");
    static final ConfigKey MODEL = new ConfigKey("strata.llm.model", "STRATA_LLM_MODEL");
    static final ConfigKey API_KEY = new ConfigKey("strata.llm.api-key", "STRATA_LLM_API_KEY");
    static final ConfigKey CONNECT_TIMEOUT = new ConfigKey("strata.llm.connect-timeout-ms", "STRATA_LLM_CONNECT_TIMEOUT_MS");
    static final ConfigKey REQUEST_TIMEOUT = new ConfigKey("strata.llm.request-timeout-ms", "STRATA_LLM_REQUEST_TIMEOUT_MS");
    static final ConfigKey RETRY_MAX_ATTEMPTS =
            new ConfigKey("strata.llm.retry-max-attempts", "STRATA_LLM_RETRY_MAX_ATTEMPTS");
    static final ConfigKey RETRY_INITIAL_BACKOFF =
            new ConfigKey("strata.llm.retry-initial-backoff-ms", "STRATA_LLM_RETRY_INITIAL_BACKOFF_MS");
    static final ConfigKey RETRY_MAX_BACKOFF =
            new ConfigKey("strata.llm.retry-max-backoff-ms", "STRATA_LLM_RETRY_MAX_BACKOFF_MS");
    static final ConfigKey RETRY_MAX_RETRY_AFTER =
            new ConfigKey("strata.llm.retry-max-retry-after-ms", "STRATA_LLM_RETRY_MAX_RETRY_AFTER_MS");
    static final ConfigKey BREAKER_FAILURE_THRESHOLD =
            new ConfigKey("strata.llm.breaker-failure-threshold", "STRATA_LLM_BREAKER_FAILURE_THRESHOLD");
    static final ConfigKey BREAKER_OPEN = new ConfigKey("strata.llm.breaker-open-ms", "STRATA_LLM_BREAKER_OPEN_MS");
    static final ConfigKey DAILY_TOKEN_CAP = new ConfigKey("strata.llm.daily-token-cap", "STRATA_LLM_DAILY_TOKEN_CAP");
    static final ConfigKey DAILY_USD_CAP = new ConfigKey("strata.llm.daily-usd-cap", "STRATA_LLM_DAILY_USD_CAP");
    static final ConfigKey PRICE_INPUT = new ConfigKey("strata.llm.price-input-usd-per-million",
            "STRATA_LLM_PRICE_INPUT_USD_PER_MILLION");
    static final ConfigKey PRICE_OUTPUT = new ConfigKey("strata.llm.price-output-usd-per-million",
            "STRATA_LLM_PRICE_OUTPUT_USD_PER_MILLION");
    static final ConfigKey BUDGET_ZONE = new ConfigKey("strata.llm.budget-zone", "STRATA_LLM_BUDGET_ZONE");

    /** A configured provider and its client settings. */
    public record Chat(ChatProvider provider, ChatModelSettings settings) {

        public Chat {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(settings, "settings");
        }
    }

    public LlmSettings {
        Objects.requireNonNull(chat, "chat");
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(price, "price");
        Objects.requireNonNull(budgetZone, "budgetZone");
    }

    /** No model (LLM features off), no cap, no price, budget days in UTC. */
    public static LlmSettings defaults() {
        return new LlmSettings(Optional.empty(), BudgetPolicy.unlimited(), Optional.empty(), ZoneId.of("UTC"));
    }

    /**
     * Optional values (base URL, API key, caps, prices) follow one convention: an empty string in the file,
     * or an unset or blank variable, means "not set". Every key is read whether or not a provider is set, so
     * a malformed value is reported at once rather than on the day a provider is configured.
     */
    public static LlmSettings from(ConfigReader config) {
        Optional<Chat> chat = chat(config);
        var tokenCap = config.optionalLong(DAILY_TOKEN_CAP);
        var usdCap = config.optionalDecimal(DAILY_USD_CAP);
        BudgetPolicy budget = ConfigKey.checking("strata.llm.daily-*-cap", () -> new BudgetPolicy(tokenCap, usdCap));
        ZoneId zone = config.parse(BUDGET_ZONE, "a time-zone id such as UTC or Europe/Paris",
                raw -> ZoneId.of(raw.strip()));
        return new LlmSettings(chat, budget, price(config), zone);
    }

    private static Optional<Chat> chat(ConfigReader config) {
        Optional<ChatProvider> provider = config.parse(PROVIDER, "none, openai or anthropic", raw ->
                raw.isBlank() || raw.strip().equalsIgnoreCase("none") ? Optional.empty()
                        : Optional.of(ChatProvider.fromKey(raw).orElseThrow(() -> new IllegalArgumentException(raw))));
        Optional<URI> baseUrl = config.optionalUrl(BASE_URL);
        Optional<String> model = config.optional(MODEL).map(String::strip);
        Optional<String> apiKey = config.optional(API_KEY).map(String::strip);
        Duration connectTimeout = config.millis(CONNECT_TIMEOUT);
        Duration requestTimeout = config.millis(REQUEST_TIMEOUT);
        int maxAttempts = config.integer(RETRY_MAX_ATTEMPTS);
        Duration initialBackoff = config.millis(RETRY_INITIAL_BACKOFF);
        Duration maxBackoff = config.millis(RETRY_MAX_BACKOFF);
        Duration maxRetryAfter = config.millis(RETRY_MAX_RETRY_AFTER);
        RetryPolicy retry = ConfigKey.checking("strata.llm.retry-*",
                () -> new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, maxRetryAfter));
        int breakerThreshold = config.integer(BREAKER_FAILURE_THRESHOLD);
        Duration breakerOpen = config.millis(BREAKER_OPEN);
        return provider.map(p -> {
            String name = model.orElseThrow(() -> MODEL.invalid("set when strata.llm.provider is " + p.key(), ""));
            return new Chat(p, ConfigKey.checking("strata.llm.*", () -> new ChatModelSettings(
                    baseUrl.orElse(p.defaultBaseUrl()), name, apiKey, connectTimeout, requestTimeout, retry,
                    breakerThreshold, breakerOpen)));
        });
    }

    private static Optional<ModelPrice> price(ConfigReader config) {
        Optional<BigDecimal> input = config.optionalDecimal(PRICE_INPUT);
        Optional<BigDecimal> output = config.optionalDecimal(PRICE_OUTPUT);
        if (input.isPresent() != output.isPresent()) {
            ConfigKey missing = input.isPresent() ? PRICE_OUTPUT : PRICE_INPUT;
            throw missing.invalid("set together with " + (input.isPresent() ? PRICE_INPUT : PRICE_OUTPUT).name(), "");
        }
        return input.map(in -> ConfigKey.checking("strata.llm.price-*", () -> new ModelPrice(in, output.orElseThrow())));
    }

    /** The configured provider, empty when LLM features are off. */
    public Optional<ChatProvider> provider() {
        return chat.map(Chat::provider);
    }

    /** The same budget and price, talking to {@code provider} with {@code settings}. */
    public LlmSettings withChat(ChatProvider provider, ChatModelSettings settings) {
        return new LlmSettings(Optional.of(new Chat(provider, settings)), budget, price, budgetZone);
    }

    public LlmSettings withBudget(BudgetPolicy newBudget) {
        return new LlmSettings(chat, newBudget, price, budgetZone);
    }
}
