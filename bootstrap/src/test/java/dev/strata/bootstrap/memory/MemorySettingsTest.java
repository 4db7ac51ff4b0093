package dev.strata.bootstrap.memory;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.bootstrap.area.TestConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MemorySettingsTest {

    @Test
    void the_limits_retention_and_block_size_default_to_the_documented_ones() {
        MemorySettings s = MemorySettings.from(TestConfig.defaults());

        assertThat(s.limits()).isEqualTo(MemoryLimits.DEFAULTS);
        assertThat(s.retention()).isEqualTo(Duration.ofDays(30));
        assertThat(s.purgeInterval()).isEqualTo(Duration.ofMinutes(30));
        assertThat(s.snapshotLimit()).isEqualTo(50);
    }

    @Test
    void the_environment_changes_the_configurable_limits_and_keeps_the_rest() {
        MemorySettings s = MemorySettings.from(TestConfig.with(Map.of("STRATA_MAX_CONTENT_CHARS", "1000",
                "STRATA_RETENTION_DAYS", "7")));

        assertThat(s.limits().maxContentChars()).isEqualTo(1000);
        assertThat(s.limits().maxSearchLimit()).isEqualTo(MemoryLimits.DEFAULTS.maxSearchLimit());
        assertThat(s.retention()).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MemorySettings.from(TestConfig.with(Map.of("STRATA_SNAPSHOT_LIMIT", "0"))))
                .withMessage("configuration strata.memory.snapshot-limit (STRATA_SNAPSHOT_LIMIT) must be positive, got '0'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MemorySettings.from(TestConfig.with(Map.of("STRATA_MAX_BATCH_SIZE", "lots"))))
                .withMessageContaining("strata.memory.max-batch-size (STRATA_MAX_BATCH_SIZE)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MemorySettings.from(TestConfig.with(Map.of("STRATA_MAX_CONTENT_CHARS", "0"))))
                .withMessageStartingWith("configuration strata.memory.max-*: ");
    }
}
