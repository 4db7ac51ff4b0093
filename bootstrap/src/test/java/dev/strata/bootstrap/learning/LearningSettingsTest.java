package dev.strata.bootstrap.learning;

import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.bootstrap.area.TestConfig;
import dev.strata.domain.learning.LearningPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LearningSettingsTest {

    private static LearningSettings load(Map<String, String> env) {
        return LearningSettings.from(TestConfig.with(env));
    }

    @Test
    void the_shipped_file_holds_the_loops_defaults_and_the_job_periods() {
        LearningSettings s = load(Map.of());

        assertThat(s.loop()).isEqualTo(LearningLoopSettings.defaults());
        assertThat(s.loop().policy()).isEqualTo(LearningPolicy.DEFAULTS);
        assertThat(s.demotionInterval()).isEqualTo(Duration.ofHours(1));
        assertThat(s.miningInterval()).isEqualTo(Duration.ofHours(6));
        assertThat(s.synthesisInterval()).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void every_value_has_its_variable() {
        LearningSettings s = load(Map.ofEntries(
                Map.entry("STRATA_LEARNING_Z", "0"),
                Map.entry("STRATA_LEARNING_INITIAL_CONFIDENCE", "0.25"),
                Map.entry("STRATA_LEARNING_GRADUATION_CONFIDENCE", "0.6"),
                Map.entry("STRATA_LEARNING_GRADUATION_MIN_USES", "12"),
                Map.entry("STRATA_LEARNING_DEMOTION_ENABLED", "false"),
                Map.entry("STRATA_LEARNING_DEMOTION_CONFIDENCE", "0.3"),
                Map.entry("STRATA_LEARNING_DEMOTION_MIN_USES", "25"),
                Map.entry("STRATA_LEARNING_DEMOTION_INTERVAL_MINUTES", "5"),
                Map.entry("STRATA_LEARNING_MINING_ENABLED", "false"),
                Map.entry("STRATA_LEARNING_MINING_MODEL_ENABLED", "false"),
                Map.entry("STRATA_LEARNING_MINING_MIN_STATEMENTS", "4"),
                Map.entry("STRATA_LEARNING_MINING_MIN_TRADES", "6"),
                Map.entry("STRATA_LEARNING_MINING_WINDOW", "100"),
                Map.entry("STRATA_LEARNING_MINING_INTERVAL_MINUTES", "7"),
                Map.entry("STRATA_LEARNING_SYNTHESIS_ENABLED", "false"),
                Map.entry("STRATA_LEARNING_SYNTHESIS_MIN_WINS", "8"),
                Map.entry("STRATA_LEARNING_SYNTHESIS_MAX_PROPOSALS", "2"),
                Map.entry("STRATA_LEARNING_SYNTHESIS_INTERVAL_MINUTES", "9"),
                Map.entry("STRATA_LEARNING_COMPILED_PAGES_ENABLED", "false"),
                Map.entry("STRATA_LEARNING_COMPILED_PAGES_CACHE_TTL_SECONDS", "30"),
                Map.entry("STRATA_LEARNING_COMPILED_PAGES_CACHE_SIZE", "16"),
                Map.entry("STRATA_LEARNING_COMPILED_PAGES_TIMELINE_SIZE", "4"),
                Map.entry("STRATA_LEARNING_SHADOW_MODE", "true"),
                Map.entry("STRATA_LEARNING_LIST_DEFAULT_LIMIT", "20"),
                Map.entry("STRATA_LEARNING_LIST_MAX_LIMIT", "40")));

        assertThat(s.loop()).isEqualTo(new LearningLoopSettings(new LearningPolicy(0, 0.25, 0.6, 12, 0.3, 25, false),
                false, false, false, false, true, Duration.ofSeconds(30), 16, 4, 4, 6, 100, 8, 2, 20, 40));
        assertThat(s.demotionInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.miningInterval()).isEqualTo(Duration.ofMinutes(7));
        assertThat(s.synthesisInterval()).isEqualTo(Duration.ofMinutes(9));
    }

    @Test
    void a_bad_value_names_its_key_and_variable() {
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_LEARNING_Z", "wide")))
                .withMessage("configuration strata.learning.z (STRATA_LEARNING_Z) must be a decimal number, got 'wide'");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_LEARNING_DEMOTION_CONFIDENCE", "0.6")))
                .withMessageStartingWith("configuration strata.learning.z, initial-confidence, graduation-*, "
                        + "demotion-*: demotionConfidence must not exceed graduationConfidence");
        assertThatIllegalArgumentException().isThrownBy(() -> load(Map.of("STRATA_LEARNING_MINING_MIN_STATEMENTS", "1")))
                .withMessageStartingWith("configuration strata.learning.mining-*, synthesis-*, compiled-pages-*, "
                        + "list-*: mining needs repeated observations");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> load(Map.of("STRATA_LEARNING_MINING_INTERVAL_MINUTES", "0")))
                .withMessage("configuration strata.learning.mining-interval-minutes "
                        + "(STRATA_LEARNING_MINING_INTERVAL_MINUTES) must be positive, got '0'");
    }
}
