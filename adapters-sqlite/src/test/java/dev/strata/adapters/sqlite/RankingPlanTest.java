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
    void aTermInMoreThanHalfTheRowsIsLeftOutOfTheRanking() {
        RankingPlan plan = plan(Map.of("user", 60_000L, "slippage", 40L), "user", "slippage");

        assertThat(plan.ranked()).containsExactly("slippage");
        assertThat(plan.droppedCommonTerms()).isTrue();
        assertThat(plan.bounded()).isFalse();
    }

    @Test
    void aTermInExactlyHalfTheRowsStillCounts() {
        assertThat(plan(Map.of("half", 50_000L, "rare", 3L), "half", "rare").ranked()).containsExactly("half", "rare");
    }

    @Test
    void aTermWithMoreRowsThanTheBoundMakesThePlanBounded() {
        RankingPlan plan = plan(Map.of("prefer", 10_000L, "slippage", 1_000L, "swaps", 0L), "prefer", "slippage",
                "swaps");

        assertThat(plan.ranked()).as("an absent term is left out").containsExactly("prefer", "slippage");
        assertThat(plan.rare()).containsExactly("slippage");
        assertThat(plan.bounded()).isTrue();
        assertThat(plan.droppedCommonTerms()).isFalse();
    }

    @Test
    void whenEveryTermIsCommonAllAreRankedBounded() {
        RankingPlan plan = plan(Map.of("user", 90_000L, "the", 99_000L), "user", "the");

        assertThat(plan.ranked()).containsExactly("user", "the");
        assertThat(plan.rare()).isEmpty();
        assertThat(plan.bounded()).isTrue();
        assertThat(plan.droppedCommonTerms()).isFalse();
    }

    @Test
    void aQueryWhoseTermsOccurNowhereHasNoPlan() {
        assertThat(RankingPlan.of(List.of("nothing", "here"), BOUND, ROWS, ROWS, (t, b, r) -> 0L)).isEmpty();
    }

    @Test
    void aPlanRanksSomethingAndItsRareTermsAreRanked() {
        assertThatThrownBy(() -> new RankingPlan(List.of(), List.of(), false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RankingPlan(List.of("a"), List.of("b"), false))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
