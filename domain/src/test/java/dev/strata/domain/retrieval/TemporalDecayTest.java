package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TemporalDecayTest {

    private final TemporalDecay decay = new TemporalDecay(TemporalDecay.DEFAULT_HALF_LIFE, TemporalDecay.DEFAULT_EXEMPT_TYPES);

    @Test
    void a_memory_one_half_life_old_counts_half() {
        assertThat(decay.multiplier("context", NOW.minus(Duration.ofDays(30)), NOW)).isCloseTo(0.5, within(1e-12));
        assertThat(decay.multiplier("decision", NOW.minus(Duration.ofDays(60)), NOW)).isCloseTo(0.25, within(1e-12));
        assertThat(decay.multiplier("context", NOW.minus(Duration.ofDays(15)), NOW)).isCloseTo(Math.sqrt(0.5), within(1e-12));
        assertThat(decay.multiplier("context", NOW, NOW)).isEqualTo(1.0);
    }

    @Test
    void identity_and_lesson_are_evergreen_in_any_case() {
        assertThat(decay.multiplier("identity", NOW.minus(Duration.ofDays(365)), NOW)).isEqualTo(1.0);
        assertThat(decay.multiplier("Lesson", NOW.minus(Duration.ofDays(365)), NOW)).isEqualTo(1.0);
        assertThat(decay.isExempt("reference")).isFalse();
    }

    @Test
    void a_timestamp_in_the_future_is_not_boosted() {
        assertThat(decay.multiplier("context", NOW.plus(Duration.ofDays(3)), NOW)).isEqualTo(1.0);
    }

    @Test
    void half_life_and_exemptions_are_configurable() {
        TemporalDecay weekly = new TemporalDecay(Duration.ofDays(7), Set.of("decision"));
        assertThat(weekly.multiplier("context", NOW.minus(Duration.ofDays(14)), NOW)).isCloseTo(0.25, within(1e-12));
        assertThat(weekly.multiplier("decision", NOW.minus(Duration.ofDays(14)), NOW)).isEqualTo(1.0);
        assertThat(weekly.multiplier("identity", NOW.minus(Duration.ofDays(14)), NOW)).isCloseTo(0.25, within(1e-12));
    }

    @Test
    void half_life_must_be_positive() {
        assertThatIllegalArgumentException().isThrownBy(() -> new TemporalDecay(Duration.ZERO, Set.of()));
    }
}
