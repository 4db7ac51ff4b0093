package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MaximalMarginalRelevanceTest {

    private record Doc(String name, double score, String text) {
    }

    private static final Doc A = new Doc("A", 1.0, "btc halving supply shock");
    private static final Doc B = new Doc("B", 0.9, "btc halving supply shock analysis");
    private static final Doc C = new Doc("C", 0.6, "eth staking yields");

    private static List<String> rerank(double lambda, List<Doc> docs, int limit) {
        return new MaximalMarginalRelevance(lambda).rerank(docs, Doc::score, Doc::text, limit)
                .stream().map(Doc::name).toList();
    }

    @Test
    void worked_example_a_near_duplicate_gives_way_to_a_different_memory() {
        // after A: B = 0.7 * 0.9 - 0.3 * J(A,B) = 0.63 - 0.3 * 4/5 = 0.39;  C = 0.7 * 0.6 - 0 = 0.42
        assertThat(MaximalMarginalRelevance.similarity(A.text(), B.text())).isCloseTo(0.8, within(1e-12));
        assertThat(rerank(0.7, List.of(A, B, C), 3)).containsExactly("A", "C", "B");
    }

    @Test
    void a_less_similar_second_hit_keeps_its_place() {
        Doc b = new Doc("B", 0.95, "btc halving supply shock analysis");
        // B = 0.665 - 0.24 = 0.425 > C = 0.42
        assertThat(rerank(0.7, List.of(A, b, C), 3)).containsExactly("A", "B", "C");
    }

    @Test
    void lambda_one_is_pure_relevance_and_lambda_zero_pure_diversity_after_the_first() {
        assertThat(rerank(1.0, List.of(A, B, C), 3)).containsExactly("A", "B", "C");
        assertThat(rerank(0.0, List.of(A, B, C), 3)).containsExactly("A", "C", "B");
    }

    @Test
    void selects_at_most_limit_items() {
        assertThat(rerank(0.7, List.of(A, B, C), 2)).containsExactly("A", "C");
        assertThat(rerank(0.7, List.of(A, B, C), 0)).isEmpty();
        assertThat(rerank(0.7, List.of(), 5)).isEmpty();
    }

    @Test
    void ties_keep_input_order() {
        Doc x = new Doc("X", 0.5, "alpha");
        Doc y = new Doc("Y", 0.5, "beta");
        assertThat(rerank(0.7, List.of(x, y), 2)).containsExactly("X", "Y");
        assertThat(rerank(0.7, List.of(y, x), 2)).containsExactly("Y", "X");
    }

    @Test
    void chinese_text_is_compared_by_character_bigrams() {
        // 山寨币崩了 -> 山寨 寨币 币崩 崩了 ; 山寨币大跌 -> 山寨 寨币 币大 大跌 : 2 shared of 6
        assertThat(MaximalMarginalRelevance.similarity("山寨币崩了", "山寨币大跌")).isCloseTo(2.0 / 6, within(1e-12));
        assertThat(MaximalMarginalRelevance.similarity("BTC 山寨币", "btc 山寨币")).isEqualTo(1.0);
    }

    @Test
    void lambda_outside_the_unit_interval_is_rejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new MaximalMarginalRelevance(1.5));
        assertThatIllegalArgumentException().isThrownBy(() -> new MaximalMarginalRelevance(Double.NaN));
    }
}
