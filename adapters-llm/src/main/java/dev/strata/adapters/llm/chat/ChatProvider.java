package dev.strata.adapters.llm.chat;

import dev.strata.domain.languagemodel.LanguageModel;
import java.net.URI;
import java.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The wire protocols Strata speaks, by the key used in configuration. */
public enum ChatProvider {

    /** OpenAI Chat Completions, also served by Ollama, vLLM and llama.cpp. */
    OPENAI("openai", OpenAiLanguageModel.DEFAULT_BASE_URL),
    /** Anthropic Messages. */
    ANTHROPIC("anthropic", AnthropicLanguageModel.DEFAULT_BASE_URL);

    private final String key;
    private final URI defaultBaseUrl;

    ChatProvider(String key, URI defaultBaseUrl) {
        this.key = key;
        this.defaultBaseUrl = defaultBaseUrl;
    }

    public String key() {
        return key;
    }

    /** The provider's public API root, used when no base URL is configured. */
    public URI defaultBaseUrl() {
        return defaultBaseUrl;
    }

    public LanguageModel create(ChatModelSettings settings, Clock clock) {
        return switch (this) {
            case OPENAI -> new OpenAiLanguageModel(settings, clock);
            case ANTHROPIC -> new AnthropicLanguageModel(settings, clock);
        };
    }

    /** The provider configured as {@code key} (case-insensitive); empty for an unknown key. */
    public static Optional<ChatProvider> fromKey(String key) {
        String wanted = key.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(provider -> provider.key.equals(wanted)).findFirst();
    }
}
