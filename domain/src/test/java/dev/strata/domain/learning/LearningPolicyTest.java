package dev.strata.domain.learning;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LearningPolicyTest {

    private final LearningPolicy policy = LearningPolicy.DEFAULTS;

    @Test
    void the_defaults_are_the_specs_learning_config() {
        assertThat(policy.z()).isEqualTo(1.96);
        assertThat(policy.graduationConfidence()).isEqualTo(0.55);
        assertThat(policy.demotionConfidence()).isEqualTo(0.40);
        assertThat(policy.demotionMinUses()).isEqualTo(20);
        assertThat(policy.demotionEnabled()).isTrue();
    }

    @Test
    void exactly_the_graduation_bar_passes_and_just_below_misses_it() {
        assertThat(policy.missedBars(0.55, 10)).isEmpty();
        assertThat(policy.missedBars(Math.nextDown(0.55), 10)).containsExactly(GraduationBar.CONFIDENCE);
    }

    @Test
    void graduation_needs_the_minimum_uses_too_and_names_every_missed_bar() {
        assertThat(policy.missedBars(0.9, 9)).containsExactly(GraduationBar.USES);
        assertThat(policy.missedBars(0.1, 0)).containsExactly(GraduationBar.CONFIDENCE, GraduationBar.USES);
    }

    @Test
    void exactly_the_demotion_bar_does_not_demote() {
        assertThat(policy.demotes(0.40, 20)).isFalse();
        assertThat(policy.demotes(Math.nextDown(0.40), 20)).isTrue();
    }

    @Test
    void demotion_needs_twenty_uses_nineteen_are_not_enough() {
        assertThat(policy.demotes(0.1, 19)).isFalse();
        assertThat(policy.demotes(0.1, 20)).isTrue();
    }

    @Test
    void a_disabled_demotion_never_demotes_but_still_says_what_it_would_do() {
        LearningPolicy off = policy.withDemotion(false);

        assertThat(off.demotes(0.1, 50)).isFalse();
        assertThat(off.wouldDemote(0.1, 50)).isTrue();
    }

    @Test
    void confidence_is_the_initial_one_before_any_use_then_the_wilson_bound() {
        assertThat(policy.withInitialConfidence(0.3).confidence(0, 0)).isEqualTo(0.3);
        assertThat(policy.confidence(9, 10)).isEqualTo(Wilson.lowerBound(9, 10, 1.96));
        assertThat(policy.withZ(0).confidence(11, 20)).isEqualTo(0.55);
    }

    @Test
    void inconsistent_thresholds_are_refused() {
        assertThatThrownBy(() -> policy.withDemotionBar(0.6, 20)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("demotionConfidence");
        assertThatThrownBy(() -> policy.withZ(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> policy.withInitialConfidence(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> policy.withGraduation(0.55, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
