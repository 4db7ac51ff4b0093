package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EntityBoostTest {

    private final EntityBoost boost = new EntityBoost(EntityBoost.DEFAULT_FACTOR);

    @Test
    void final_is_rrf_times_one_plus_point_three_per_shared_entity() {
        double rrf = 1.0 / 61 + 1.0 / 63; // 0.0322664
        assertThat(boost.apply(rrf, 0)).isEqualTo(rrf);
        assertThat(boost.apply(rrf, 1)).isCloseTo(rrf * 1.3, within(1e-15));
        assertThat(boost.apply(rrf, 2)).isCloseTo(0.0516263, within(1e-7));
    }

    @Test
    void the_boost_is_soft_a_keyword_only_hit_with_two_entities_does_not_beat_a_double_arm_hit() {
        double doubleArm = 1.0 / 61 + 1.0 / 61;          // 0.032787
        double keywordOnlyWithEntities = boost.apply(1.0 / 61, 2); // 0.016393 * 1.6 = 0.026230
        assertThat(keywordOnlyWithEntities).isLessThan(doubleArm);
    }

    @Test
    void rejects_negative_inputs() {
        assertThatIllegalArgumentException().isThrownBy(() -> new EntityBoost(-0.1));
        assertThatIllegalArgumentException().isThrownBy(() -> boost.apply(0.1, -1));
    }
}
