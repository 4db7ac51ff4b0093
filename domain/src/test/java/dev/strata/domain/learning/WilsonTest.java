package dev.strata.domain.learning;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WilsonTest {

    @Test
    void the_lower_bound_matches_the_published_formula() {
        assertThat(Wilson.lowerBound(9, 10, 1.96)).isCloseTo(0.595844, within(1e-6));
        assertThat(Wilson.lowerBound(90, 100, 1.96)).isCloseTo(0.825633, within(1e-6));
        assertThat(Wilson.lowerBound(1, 1, 1.96)).isCloseTo(0.206543, within(1e-6));
        assertThat(Wilson.lowerBound(22, 30, 1.96)).isCloseTo(0.555517, within(1e-6));
    }

    @Test
    void evidence_is_rewarded_so_a_lucky_streak_scores_below_a_long_record() {
        assertThat(Wilson.lowerBound(9, 10, 1.96)).isLessThan(Wilson.lowerBound(90, 100, 1.96));
        assertThat(Wilson.lowerBound(10, 10, 1.96)).isLessThan(1.0);
    }

    @Test
    void no_uses_or_no_successes_score_zero_and_z_zero_is_the_raw_ratio_exactly() {
        assertThat(Wilson.lowerBound(0, 0, 1.96)).isZero();
        assertThat(Wilson.lowerBound(0, 5, 1.96)).isZero();
        assertThat(Wilson.lowerBound(11, 20, 0)).isEqualTo(0.55);
        assertThat(Wilson.lowerBound(8, 20, 0)).isEqualTo(0.40);
    }

    @Test
    void impossible_counts_and_bad_z_are_refused() {
        assertThatThrownBy(() -> Wilson.lowerBound(3, 2, 1.96)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Wilson.lowerBound(-1, 2, 1.96)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Wilson.lowerBound(1, 2, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Wilson.lowerBound(1, 2, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
