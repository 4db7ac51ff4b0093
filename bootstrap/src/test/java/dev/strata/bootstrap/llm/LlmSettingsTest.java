package dev.strata.bootstrap.llm;

import dev.strata.adapters.llm.chat.ChatModelSettings;
import dev.strata.adapters.llm.chat.ChatProvider;
import dev.strata.bootstrap.area.TestConfig;
import dev.strata.domain.languagemodel.BudgetPolicy;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LlmSettingsTest {

    private static LlmSettings load(Map<String, String> env) {
        return LlmSettings.from(TestConfig.with(env));
    }

    @Test
    void by_default_no_model_is_configured_and_nothing_is_capped() {
        assertThat(load(Map.of())).isEqualTo(LlmSettings.defaults());
        assertThat(load(Map.of()).provider()).isEmpty();
    }

    @Test
    void a_provider_gets_the_client_settings_it_will_run_with() {
        LlmSettings s = load(Map.of("STRATA_LLM_PROVIDER", "openai", "STRATA_LLM_MODEL", " llama3.2 ",
                "STRATA_LLM_BASE_URL", "http://127.0.0.1:11434/v1", "STRATA_LLM_BREAKER_OPEN_MS", "5000"));

        ChatModelSettings chat = s.chat().orElseThrow().settings();
        assertThat(s.provider()).contains(ChatProvider.OPENAI);
        assertThat(chat.baseUrl()).isEqualTo(URI.create("http://127.0.0.1:11434/v1"));
        assertThat(chat.model()).isEqualTo("llama3.2");
        assertThat(chat.apiKey()).isEmpty();
        assertThat(chat.breakerOpenDuration()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void the_client_settings_are_checked_once_as_they_are_read_naming_the_llm_keys() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> load(Map.of("STRATA_LLM_PROVIDER", "anthropic", "STRATA_LLM_MODEL", "m",
                        "STRATA_LLM_BASE_URL", "ftp://example.test")))
                .withMessageStartingWith("configuration strata.llm.*: ").withMessageContaining("http(s)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> load(Map.of("STRATA_LLM_PROVIDER", "anthropic", "STRATA_LLM_MODEL", "m",
                        "STRATA_LLM_CONNECT_TIMEOUT_MS", "0")))
                .withMessageStartingWith("configuration strata.llm.*: ").withMessageContaining("timeouts");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> load(Map.of("STRATA_LLM_PROVIDER", "openai")))
                .withMessage("configuration strata.llm.model (STRATA_LLM_MODEL) must be set when strata.llm.provider is "
                        + "openai, got ''");
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_LLM_PROVIDER", "gemini")))
                .withMessage("configuration strata.llm.provider (STRATA_LLM_PROVIDER) must be none, openai or "
                        + "anthropic, got 'gemini'");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_LLM_DAILY_TOKEN_CAP", "lots")))
                .withMessage("configuration strata.llm.daily-token-cap (STRATA_LLM_DAILY_TOKEN_CAP) must be an "
                        + "integer, got 'lots'");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_LLM_BUDGET_ZONE", "Mars/Olympus")))
                .withMessageContaining("strata.llm.budget-zone (STRATA_LLM_BUDGET_ZONE)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> load(Map.of("STRATA_LLM_PRICE_OUTPUT_USD_PER_MILLION", "4")))
                .withMessageContaining("strata.llm.price-input-usd-per-million (STRATA_LLM_PRICE_INPUT_USD_PER_MILLION)")
                .withMessageContaining("set together");
    }

    @Test
    void withers_change_the_chat_and_the_budget_only() {
        BudgetPolicy capped = new BudgetPolicy(OptionalLong.of(50), Optional.empty());
        ChatModelSettings chat = ChatModelSettings.of(URI.create("http://127.0.0.1:9/v1"), "stub", Optional.empty());

        LlmSettings s = LlmSettings.defaults().withChat(ChatProvider.OPENAI, chat).withBudget(capped);

        assertThat(s.chat().orElseThrow().settings()).isEqualTo(chat);
        assertThat(s.budget()).isEqualTo(capped);
        assertThat(s.budgetZone()).isEqualTo(LlmSettings.defaults().budgetZone());
    }
}
