package dev.strata.bootstrap.rebuild;

import dev.strata.application.personalization.rebuild.RebuildPolicy;
import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RebuildSettingsTest {

    @Test
    void the_defaults_are_spec_04s_and_nothing_runs_at_boot() {
        RebuildSettings s = RebuildSettings.from(TestConfig.defaults());

        assertThat(s).isEqualTo(RebuildSettings.defaults());
        assertThat(s.policy().marketsInterval()).isEqualTo(Duration.ofHours(24));
        assertThat(s.policy().tradingSummaryThreshold()).isEqualTo(1);
        assertThat(s.policy().rebuildOnBoot()).isFalse();
        assertThat(s.policy().enabled()).isTrue();
    }

    @Test
    void minara_personalization_rebuild_disabled_switches_every_flow_off() {
        assertThat(RebuildSettings.from(TestConfig.with(Map.of("MINARA_PERSONALIZATION_REBUILD", "disabled")))
                .policy().enabled()).isFalse();
        assertThat(RebuildSettings.from(TestConfig.with(Map.of("MINARA_PERSONALIZATION_REBUILD", "Enabled")))
                .policy().enabled()).isTrue();
        assertThatIllegalArgumentException().isThrownBy(() -> RebuildSettings.from(TestConfig.with(Map.of(
                "MINARA_PERSONALIZATION_REBUILD", "off")))).withMessageContaining("strata.rebuild.enabled")
                .withMessageContaining("MINARA_PERSONALIZATION_REBUILD");
    }

    @Test
    void every_value_has_its_variable() {
        RebuildSettings s = RebuildSettings.from(TestConfig.with(Map.ofEntries(
                Map.entry("STRATA_REBUILD_MARKETS_INTERVAL_MINUTES", "4"),
                Map.entry("STRATA_REBUILD_MARKETS_NUDGE_COOLDOWN_MINUTES", "5"),
                Map.entry("STRATA_REBUILD_TRADING_SUMMARY_THRESHOLD", "6"),
                Map.entry("STRATA_REBUILD_MAX_MESSAGES", "7"),
                Map.entry("STRATA_REBUILD_MAX_SOURCE_ITEMS", "8"),
                Map.entry("STRATA_REBUILD_MAX_FACTS", "9"),
                Map.entry("STRATA_REBUILD_ON_BOOT", "true"),
                Map.entry("STRATA_REBUILD_SWEEP_INTERVAL_MINUTES", "11"))));

        RebuildPolicy defaults = RebuildPolicy.defaults();
        assertThat(s).isEqualTo(new RebuildSettings(new RebuildPolicy(true, defaults.memoriesCooldown(),
                defaults.tradingSummaryCooldown(), defaults.tagsCooldown(), Duration.ofMinutes(4), Duration.ofMinutes(5),
                6, 7, 8, 9, true), Duration.ofMinutes(11)));
    }

    @Test
    void bad_values_name_their_keys() {
        assertThatIllegalArgumentException().isThrownBy(() -> RebuildSettings.from(TestConfig.with(Map.of(
                "STRATA_REBUILD_TRADING_SUMMARY_THRESHOLD", "0")))).withMessageContaining("strata.rebuild.");
        assertThatIllegalArgumentException().isThrownBy(() -> RebuildSettings.from(TestConfig.with(Map.of(
                "STRATA_REBUILD_SWEEP_INTERVAL_MINUTES", "0")))).withMessageContaining("strata.rebuild.sweep-interval");
    }
}
