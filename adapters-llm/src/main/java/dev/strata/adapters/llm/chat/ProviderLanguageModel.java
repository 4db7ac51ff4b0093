package dev.strata.adapters.llm.chat;

import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.LanguageModel;

import java.time.Clock;
import java.util.function.DoubleSupplier;

/**
 * What the provider clients share: the settings, one {@link ProviderHttp} (retries, backoff, circuit
 * breaker) and structured output validated here whatever the provider promises. A subclass speaks
 * its provider's protocol: one exchange, from a request to a parsed reply.
 */
public abstract sealed class ProviderLanguageModel implements LanguageModel
        permits AnthropicLanguageModel, OpenAiLanguageModel {

    final ChatModelSettings settings;
    final ProviderHttp http;

    /** @param label names the provider and model in logs and errors */
    ProviderLanguageModel(String label, ChatModelSettings settings, Clock clock, Sleeper sleeper,
                          DoubleSupplier jitter) {
        this.settings = settings;
        this.http = new ProviderHttp(label + " " + settings.model(), settings, clock, sleeper, jitter);
    }

    /** One round trip in the provider's protocol. */
    abstract ProviderReply exchange(ChatRequest request);

    @Override
    public final ChatResponse chat(ChatRequest request) {
        return StructuredOutput.complete(request, this::exchange);
    }

    @Override
    public final boolean isEnabled() {
        return true;
    }

    @Override
    public final String model() {
        return settings.model();
    }

    public final CircuitBreaker.State circuitState() {
        return http.circuitState();
    }
}
