package dev.strata.bootstrap;

import dev.strata.adapters.llm.chat.ChatModelSettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.adapters.llm.chat.RetryPolicy;
import dev.strata.domain.model.BudgetPolicy;
import dev.strata.domain.model.ModelPrice;

import java.net.URI;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * The language model behind the LLM features (consolidation today), its budget and its price.
 * {@code provider} is empty when none is configured: those features then report themselves
 * disabled and nothing calls out.
 *
 * @param baseUrl empty for the provider's public API
 * @param price   USD per million input and output tokens; without it calls are charged in tokens only
 */
public record LlmSettings(Optional<ChatProvider> provider, Optional<URI> baseUrl, String model, Optional<String> apiKey,
                          Duration connectTimeout, Duration requestTimeout, RetryPolicy retry,
                          int breakerFailureThreshold, Duration breakerOpenDuration, BudgetPolicy budget,
                          Optional<ModelPrice> price, ZoneId budgetZone) {

    public LlmSettings {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(breakerOpenDuration, "breakerOpenDuration");
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(price, "price");
        Objects.requireNonNull(budgetZone, "budgetZone");
        if (provider.isPresent() && model.isBlank()) {
            throw new IllegalArgumentException("configuration strata.llm.model (STRATA_LLM_MODEL) is required when "
                    + "strata.llm.provider is " + provider.get().key());
        }
    }

    /** No model: LLM features are off. */
    public static LlmSettings none() {
        return new LlmSettings(Optional.empty(), Optional.empty(), "", Optional.empty(),
                ChatModelSettings.DEFAULT_CONNECT_TIMEOUT, ChatModelSettings.DEFAULT_REQUEST_TIMEOUT, RetryPolicy.DEFAULT,
                ChatModelSettings.DEFAULT_BREAKER_FAILURE_THRESHOLD, ChatModelSettings.DEFAULT_BREAKER_OPEN_DURATION,
                BudgetPolicy.unlimited(), Optional.empty(), ZoneId.of("UTC"));
    }

    /** The same settings talking to {@code provider} at {@code baseUrl} with {@code model}. */
    public LlmSettings with(ChatProvider newProvider, URI newBaseUrl, String newModel) {
        return new LlmSettings(Optional.of(newProvider), Optional.of(newBaseUrl), newModel, apiKey, connectTimeout,
                requestTimeout, retry, breakerFailureThreshold, breakerOpenDuration, budget, price, budgetZone);
    }

    public LlmSettings withBudget(BudgetPolicy newBudget) {
        return new LlmSettings(provider, baseUrl, model, apiKey, connectTimeout, requestTimeout, retry,
                breakerFailureThreshold, breakerOpenDuration, newBudget, price, budgetZone);
    }

    /** The client settings, when a provider is configured. */
    public Optional<ChatModelSettings> chat() {
        return provider.map(p -> new ChatModelSettings(baseUrl.orElse(p.defaultBaseUrl()), model, apiKey,
                connectTimeout, requestTimeout, retry, breakerFailureThreshold, breakerOpenDuration));
    }

    /** Keeps the API key out of logs. */
    @Override
    public String toString() {
        return "LlmSettings[provider=" + provider.map(ChatProvider::key).orElse("none") + ", baseUrl=" + baseUrl
                + ", model=" + model + ", apiKey=" + (apiKey.isPresent() ? "***" : "none") + ", budget=" + budget
                + ", price=" + price + ", budgetZone=" + budgetZone + "]";
    }
}
