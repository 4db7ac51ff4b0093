package dev.strata.adapters.llm.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChatProviderTest {

    @Test
    void finds_providers_by_their_configuration_key() {
        assertThat(ChatProvider.fromKey("openai")).contains(ChatProvider.OPENAI);
        assertThat(ChatProvider.fromKey(" Anthropic ")).contains(ChatProvider.ANTHROPIC);
        assertThat(ChatProvider.fromKey("ollama")).isEmpty();
    }

    @Test
    void creates_the_client_for_its_protocol() {
        var settings = ChatModelSettings.of(URI.create("http://127.0.0.1:11434/v1"), "llama3.2", Optional.empty());

        assertThat(ChatProvider.OPENAI.create(settings, Clock.systemUTC())).isInstanceOf(OpenAiLanguageModel.class)
                .satisfies(model -> assertThat(model.model()).isEqualTo("llama3.2"));
        assertThat(ChatProvider.ANTHROPIC.create(settings, Clock.systemUTC())).isInstanceOf(AnthropicLanguageModel.class);
        assertThat(ChatProvider.ANTHROPIC.defaultBaseUrl().getPath()).isEmpty();
        assertThat(ChatProvider.OPENAI.defaultBaseUrl().getPath()).isEqualTo("/v1");
    }

    @Test
    void settings_keep_the_api_key_out_of_their_string_form() {
        var settings = ChatModelSettings.of(URI.create("https://example.test/v1"), "m", Optional.of("sk-secret"));

        assertThat(settings.toString()).doesNotContain("sk-secret").contains("apiKey=***");
        assertThat(ChatModelSettings.of(URI.create("https://example.test"), "m", Optional.of("  ")).apiKey()).isEmpty();
        assertThatThrownBy(() -> ChatModelSettings.of(URI.create("ftp://example.test"), "m", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
