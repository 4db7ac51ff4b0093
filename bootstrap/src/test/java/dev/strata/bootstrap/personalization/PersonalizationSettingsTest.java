package dev.strata.bootstrap.personalization;

import dev.strata.application.personalization.PersonalizationPolicy;
import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PersonalizationSettingsTest {

    @Test
    void the_shipped_defaults_are_the_specs_and_gating_is_off() {
        PersonalizationSettings s = PersonalizationSettings.from(TestConfig.defaults());

        assertThat(s).isEqualTo(PersonalizationSettings.defaults());
        assertThat(s.policy()).isEqualTo(PersonalizationPolicy.defaults());
        assertThat(s.policy().intentGating()).isFalse();
        assertThat(s.policy().tagsCooldown()).isEqualTo(Duration.ofDays(30));
        assertThat(s.capitalInterval()).isEqualTo(Duration.ofHours(24));
    }

    @Test
    void the_specs_variable_turns_intent_gating_on() {
        PersonalizationSettings s = PersonalizationSettings.from(TestConfig.with(Map.of("CHAT_INTENT_GATING_ENABLED",
                "true", "STRATA_PERSONALIZATION_RECENT_MEMORIES", "3", "STRATA_PERSONALIZATION_STRATEGY_GRACE_SECONDS",
                "0")));

        assertThat(s.policy().intentGating()).isTrue();
        assertThat(s.policy().recentMemories()).isEqualTo(3);
        assertThat(s.policy().strategyGrace()).isZero();
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PersonalizationSettings.from(TestConfig.with(Map.of("CHAT_INTENT_GATING_ENABLED",
                        "maybe"))))
                .withMessageContaining("strata.personalization.intent-gating-enabled (CHAT_INTENT_GATING_ENABLED)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PersonalizationSettings.from(TestConfig.with(Map.of(
                        "STRATA_PERSONALIZATION_RECENT_MEMORIES", "500"))))
                .withMessageStartingWith("configuration strata.personalization.recent-memories")
                .withMessageContaining("recentMemories must be between 0 and 50");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PersonalizationSettings.from(TestConfig.with(Map.of(
                        "STRATA_PERSONALIZATION_CAPITAL_INTERVAL_MINUTES", "0"))))
                .withMessage("configuration strata.personalization.capital-interval-minutes"
                        + " (STRATA_PERSONALIZATION_CAPITAL_INTERVAL_MINUTES) must be positive, got '0'");
    }

    @Test
    void a_portfolio_service_is_optional_and_must_be_http() {
        assertThat(PersonalizationSettings.from(TestConfig.defaults()).portfolioUrl()).isEmpty();
        assertThat(PersonalizationSettings.from(TestConfig.with(Map.of("STRATA_PORTFOLIO_URL",
                "https://portfolio.internal/v1/holdings"))).portfolioUrl().orElseThrow().getHost())
                .isEqualTo("portfolio.internal");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PersonalizationSettings.from(TestConfig.with(Map.of("STRATA_PORTFOLIO_URL",
                        "file:///etc/passwd"))))
                .withMessageContaining("strata.personalization.portfolio-url (STRATA_PORTFOLIO_URL)");
    }
}
