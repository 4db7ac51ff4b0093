package dev.strata.bootstrap.fact;

import dev.strata.application.fact.ConsolidationSettings;
import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FactSettingsTest {

    private static FactSettings load(Map<String, String> env) {
        return FactSettings.from(TestConfig.with(env));
    }

    @Test
    void consolidation_is_off_by_default_and_sweeps_are_debounced() {
        FactSettings s = load(Map.of());

        assertThat(s.consolidation()).isEqualTo(ConsolidationSettings.DISABLED);
        assertThat(s.sweep()).isEqualTo(new FactSettings.Sweep(Duration.ofSeconds(2), Duration.ofSeconds(30)));
        assertThat(s.retryInterval()).isEqualTo(Duration.ofMinutes(15));
        assertThat(s.snapshotLimit()).isEqualTo(50);
    }

    @Test
    void the_spec_variables_switch_consolidation_on_with_guidance() {
        FactSettings s = load(Map.of("MEMORY_CONSOLIDATION_ENABLED", "true",
                "MEMORY_CONSOLIDATION_GUIDANCE", "  Prefer keeping both.  "));

        assertThat(s.consolidation().enabled()).isTrue();
        assertThat(s.consolidation().guidance()).isEqualTo("Prefer keeping both.");
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> load(Map.of("MEMORY_CONSOLIDATION_GUIDANCE", "x".repeat(1001))))
                .withMessageStartingWith("configuration strata.facts.consolidation-guidance "
                        + "(MEMORY_CONSOLIDATION_GUIDANCE): ").withMessageContaining("1000");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_FACTS_SWEEP_MAX_WAIT_MS", "10")))
                .withMessage("configuration strata.facts.sweep-max-wait-ms (STRATA_FACTS_SWEEP_MAX_WAIT_MS) must be at "
                        + "least strata.facts.sweep-debounce-ms (2000), got '10'");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_FACTS_SNAPSHOT_LIMIT", "-1")))
                .withMessage("configuration strata.facts.snapshot-limit (STRATA_FACTS_SNAPSHOT_LIMIT) must be zero or "
                        + "more, got '-1'");
    }
}
