package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FusionSettingsTest {

    @Test
    void defaults_are_the_spec_values() {
        FusionSettings settings = FusionSettings.defaults();
        assertThat(settings.rrfK()).isEqualTo(60);
        assertThat(settings.keywordWeight()).isEqualTo(1.0);
        assertThat(settings.vectorWeight()).isEqualTo(1.0);
        assertThat(settings.entityBoostFactor()).isEqualTo(0.3);
        assertThat(settings.temporalDecayEnabled()).isFalse();
        assertThat(settings.decayHalfLife()).isEqualTo(Duration.ofDays(30));
        assertThat(settings.decayExemptTypes()).containsExactlyInAnyOrder("identity", "lesson");
        assertThat(settings.mmrEnabled()).isFalse();
        assertThat(settings.mmrLambda()).isEqualTo(0.7);
        assertThat(settings.neighbourWeight()).isZero();
        assertThat(settings.neighbourContext().enabled()).isFalse();
    }

    @Test
    void neighbour_context_is_a_switch_with_its_own_values() {
        FusionSettings on = FusionSettings.defaults().withNeighbourContext(0.3, 2, Duration.ofMinutes(30))
                .withMmr(true).withArmWeights(1, 2).withTemporalDecay(true);
        assertThat(on.neighbourWeight()).isEqualTo(0.3);
        assertThat(on.neighbourWindow()).isEqualTo(2);
        assertThat(on.neighbourGap()).isEqualTo(Duration.ofMinutes(30));
        assertThat(on.neighbourContext().enabled()).isTrue();
        assertThatIllegalArgumentException().isThrownBy(() -> on.withNeighbourContext(2, 2, Duration.ZERO));
    }

    @Test
    void switches_change_only_their_own_value() {
        FusionSettings on = FusionSettings.defaults().withTemporalDecay(true).withMmr(true).withArmWeights(0.3, 0.7);
        assertThat(on.temporalDecayEnabled()).isTrue();
        assertThat(on.mmrEnabled()).isTrue();
        assertThat(on.keywordWeight()).isEqualTo(0.3);
        assertThat(on.vectorWeight()).isEqualTo(0.7);
        assertThat(on.rrfK()).isEqualTo(60);
        FusionSettings k5 = on.withRrfK(5);
        assertThat(k5.rrfK()).isEqualTo(5);
        assertThat(k5.withRrfK(60)).isEqualTo(on);
    }

    @Test
    void invalid_values_are_rejected() {
        FusionSettings d = FusionSettings.defaults();
        assertThatIllegalArgumentException().isThrownBy(() -> d.withArmWeights(0, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> d.withArmWeights(-1, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> d.withRrfK(0));
        assertThatIllegalArgumentException().isThrownBy(() -> new FusionSettings(0, 1, 1, 0.3, false,
                Duration.ofDays(30), Set.of(), false, 0.7));
        assertThatIllegalArgumentException().isThrownBy(() -> new FusionSettings(60, 1, 1, 0.3, false,
                Duration.ZERO, Set.of(), false, 0.7));
        assertThatIllegalArgumentException().isThrownBy(() -> new FusionSettings(60, 1, 1, 0.3, false,
                Duration.ofDays(30), Set.of(), true, 1.1));
    }
}
