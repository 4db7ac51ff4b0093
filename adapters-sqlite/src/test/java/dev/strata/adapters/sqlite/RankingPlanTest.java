package dev.strata.adapters.sqlite;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RankingPlanTest {

    private static final int BOUND = 1_000;
    private static final long ROWS = 100_000;

    private static RankingPlan plan(Map<String, Long> df, String... terms) {
        return RankingPlan.of(List.of(terms), BOUND, ROWS, ROWS, (term, bound, rows) -> df.getOrDefault(term, 0L))
                .orElseThrow();
    }

    @Test
    void a_term_in_more_than_half_the_rows_is_left_out_of_the_ranking() {
        RankingPlan plan = plan(Map.of("user", 60_000L, "slippage", 40L), "user", "slippage");

        assertThat(plan.ranked()).containsExactly("slippage");
        assertThat(plan.droppedCommonTerms()).isTrue();
        assertThat(plan.bounded()).isFalse();
    }

    @Test
    void a_term_in_exactly_half_the_rows_still_counts() {
        assertThat(plan(Map.of("half", 50_000L, "rare", 3L), "half", "rare").ranked()).containsExactly("half", "rare");
    }

    @Test
    void a_term_with_more_rows_than_the_bound_makes_the_plan_bounded() {
        RankingPlan plan = plan(Map.of("prefer", 10_000L, "slippage", 1_000L, "swaps", 0L), "prefer", "slippage",
                "swaps");

        assertThat(plan.ranked()).as("an absent term is left out").containsExactly("prefer", "slippage");
        assertThat(plan.rare()).containsExactly("slippage");
        assertThat(plan.bounded()).isTrue();
        assertThat(plan.droppedCommonTerms()).isFalse();
    }

    @Test
    void when_every_term_is_common_all_are_ranked_bounded() {
        RankingPlan plan = plan(Map.of("user", 90_000L, "the", 99_000L), "user", "the");

        assertThat(plan.ranked()).containsExactly("user", "the");
        assertThat(plan.rare()).isEmpty();
        assertThat(plan.bounded()).isTrue();
        assertThat(plan.droppedCommonTerms()).isFalse();
    }

    @Test
    void a_query_whose_terms_occur_nowhere_has_no_plan() {
        assertThat(RankingPlan.of(List.of("nothing", "here"), BOUND, ROWS, ROWS, (t, b, r) -> 0L)).isEmpty();
    }

    @Test
    void a_plan_ranks_something_and_its_rare_terms_are_ranked() {
        assertThatThrownBy(() -> new RankingPlan(List.of(), List.of(), false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RankingPlan(List.of("a"), List.of("b"), false))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
