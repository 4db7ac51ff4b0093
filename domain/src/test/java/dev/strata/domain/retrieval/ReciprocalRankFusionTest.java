package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    private final ReciprocalRankFusion rrf = new ReciprocalRankFusion(60);

    @Test
    void worked_example_with_k_60() {
        // keyword: 1, 2, 3   vector: 3, 4, 1
        List<FusedHit> fused = rrf.fuse(List.of(
                ArmResult.keyword(List.of(memory(1, "a"), memory(2, "b"), memory(3, "c"))),
                ArmResult.vector(List.of(memory(3, "c"), memory(4, "d"), memory(1, "a")))));

        // 1: 1/61 + 1/63 = 0.032266   3: 1/63 + 1/61 = 0.032266   2: 1/62 = 0.016129   4: 1/62 = 0.016129
        assertThat(fused).extracting(FusedHit::id).containsExactly(1L, 3L, 2L, 4L);
        assertThat(fused.get(0).rrfScore()).isCloseTo(1.0 / 61 + 1.0 / 63, within(1e-12));
        assertThat(fused.get(0).rrfScore()).isCloseTo(0.0322664, within(1e-7));
        assertThat(fused.get(2).rrfScore()).isCloseTo(0.0161290, within(1e-7));
        assertThat(fused.get(0).armRanks()).containsExactly(Map.entry(Arm.KEYWORD, 1), Map.entry(Arm.VECTOR, 3));
        assertThat(fused.get(3).arms()).containsExactly(Arm.VECTOR);
    }

    @Test
    void found_by_both_arms_beats_the_top_of_either_alone() {
        List<FusedHit> fused = rrf.fuse(List.of(
                ArmResult.keyword(List.of(memory(1, "a"), memory(2, "b"))),
                ArmResult.vector(List.of(memory(3, "c"), memory(2, "b")))));
        // 2: 1/62 + 1/62 = 0.032258 > 1/61 = 0.016393
        assertThat(fused.getFirst().id()).isEqualTo(2L);
        assertThat(fused.getFirst().arms()).containsExactly(Arm.KEYWORD, Arm.VECTOR);
    }

    @Test
    void a_row_only_the_vector_arm_found_is_kept() {
        List<FusedHit> fused = rrf.fuse(List.of(
                ArmResult.keyword(List.of(memory(1, "BTC drawdown"))),
                ArmResult.vector(List.of(memory(9, "altcoins crashed overnight")))));
        assertThat(fused).extracting(FusedHit::id).containsExactlyInAnyOrder(1L, 9L);
        assertThat(fused).filteredOn(h -> h.id() == 9L).singleElement()
                .satisfies(h -> assertThat(h.arms()).containsExactly(Arm.VECTOR));
    }

    @Test
    void equal_scores_are_ordered_by_ascending_id() {
        List<FusedHit> fused = rrf.fuse(List.of(
                ArmResult.keyword(List.of(memory(7, "a"))),
                ArmResult.vector(List.of(memory(5, "b")))));
        assertThat(fused).extracting(FusedHit::id).containsExactly(5L, 7L);
        assertThat(fused.get(0).rrfScore()).isEqualTo(fused.get(1).rrfScore());
    }

    @Test
    void arm_weights_scale_each_arms_contribution() {
        ReciprocalRankFusion weighted = new ReciprocalRankFusion(60, Map.of(Arm.KEYWORD, 0.5, Arm.VECTOR, 2.0));
        assertThat(weighted.contribution(Arm.KEYWORD, 1)).isCloseTo(0.5 / 61, within(1e-12));
        assertThat(weighted.contribution(Arm.VECTOR, 4)).isCloseTo(2.0 / 64, within(1e-12));
        List<FusedHit> fused = weighted.fuse(List.of(
                ArmResult.keyword(List.of(memory(1, "a"))),
                ArmResult.vector(List.of(memory(2, "b"), memory(3, "c")))));
        // 2: 2/61, 3: 2/62, 1: 0.5/61
        assertThat(fused).extracting(FusedHit::id).containsExactly(2L, 3L, 1L);
    }

    @Test
    void smaller_k_favours_top_ranks_more_sharply() {
        ReciprocalRankFusion sharp = new ReciprocalRankFusion(1);
        assertThat(sharp.contribution(Arm.KEYWORD, 1) / sharp.contribution(Arm.KEYWORD, 2)).isCloseTo(1.5, within(1e-12));
        assertThat(rrf.contribution(Arm.KEYWORD, 1) / rrf.contribution(Arm.KEYWORD, 2)).isCloseTo(62.0 / 61, within(1e-12));
    }

    @Test
    void empty_arms_fuse_to_nothing() {
        assertThat(rrf.fuse(List.of(ArmResult.keyword(List.of()), ArmResult.vector(List.of())))).isEmpty();
    }

    @Test
    void invalid_inputs_are_rejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ReciprocalRankFusion(0));
        assertThatIllegalArgumentException().isThrownBy(() -> new ReciprocalRankFusion(60, Map.of(Arm.VECTOR, -1.0)));
        assertThatIllegalArgumentException().isThrownBy(() -> ArmResult.keyword(List.of(memory(1, "a"), memory(1, "a"))));
        assertThatIllegalArgumentException().isThrownBy(() -> rrf.fuse(List.of(
                ArmResult.keyword(List.of(memory(1, "a"))), ArmResult.keyword(List.of(memory(1, "a"))))));
    }
}
