package dev.strata.bootstrap.eval;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Leave-one-conversation-out on hand-made per-question recall: what is chosen where, and what is scored. */
class CrossValidationTest {

    /** Every k at the same recall. */
    private static CrossValidation.Scored q(int category, double recall) {
        return new CrossValidation.Scored(category, new double[] {recall, recall, recall, recall});
    }

    /**
     * Three conversations of two questions each. The shipped setting finds half of every answer; the other
     * finds everything in a and b and nothing in c: better on all three together, fitted to a and b.
     */
    private static CrossValidation overfitting() {
        return new CrossValidation(List.of("shipped", "fitted"), Map.of(
                "a", List.of(List.of(q(1, 0.5), q(2, 0.5)), List.of(q(1, 1), q(2, 1))),
                "b", List.of(List.of(q(1, 0.5), q(2, 0.5)), List.of(q(1, 1), q(2, 1))),
                "c", List.of(List.of(q(1, 0.5), q(4, 0.5)), List.of(q(1, 0), q(4, 0)))));
    }

    @Test
    void the_tuned_figure_is_the_best_setting_scored_on_the_conversations_it_was_chosen_on() {
        CrossValidation cv = overfitting();

        assertThat(cv.choose(List.of("a", "b", "c"))).isEqualTo(1);
        assertThat(cv.tuned().overall()[1]).isCloseTo(100.0 * 4 / 6, within(1e-9));
        assertThat(cv.tuned().questions()).isEqualTo(6);
    }

    @Test
    void each_conversation_is_scored_at_the_setting_chosen_without_it() {
        CrossValidation cv = overfitting();

        // Without a, b and c tie (0.5 both ways on average): the shipped setting is kept; the same without b.
        // Without c, the fitted setting wins on a and b and scores nothing on c.
        assertThat(cv.folds()).containsExactlyInAnyOrderEntriesOf(Map.of("a", 0, "b", 0, "c", 1));
        CrossValidation.Figures held = cv.crossValidated();
        assertThat(held.overall()[0]).isCloseTo(100.0 * (0.5 * 4 + 0) / 6, within(1e-9));
        assertThat(held.overall()[1]).isLessThan(cv.tuned().overall()[1]);
    }

    @Test
    void the_gain_over_the_shipped_setting_is_paired_per_held_out_question() {
        double[] gain = overfitting().pairedGain(0);

        // a and b keep the shipped setting (gain 0 on four questions); c loses 50 points on both of its questions.
        assertThat(gain[0]).isCloseTo(-100.0 / 6, within(1e-9));
        double mean = -100.0 / 6;
        double ss = 4 * mean * mean + 2 * (-50 - mean) * (-50 - mean);
        assertThat(gain[1]).isCloseTo(Math.sqrt(ss / 5 / 6), within(1e-9));
    }

    @Test
    void the_cross_validated_figure_is_reported_per_category_from_the_held_out_questions() {
        CrossValidation.Figures held = overfitting().crossValidated();

        assertThat(held.counts()).containsExactlyInAnyOrderEntriesOf(Map.of(1, 3, 2, 2, 4, 1));
        assertThat(held.byCategory().get(1)[0]).isCloseTo(100.0 / 3, within(1e-9));
        assertThat(held.byCategory().get(2)[0]).isCloseTo(50.0, within(1e-9));
        assertThat(held.byCategory().get(4)[0]).isZero();
    }

    @Test
    void a_setting_better_on_every_fold_is_chosen_everywhere_and_both_figures_agree() {
        CrossValidation cv = new CrossValidation(List.of("shipped", "better"), Map.of(
                "a", List.of(List.of(q(1, 0.2)), List.of(q(1, 0.6))),
                "b", List.of(List.of(q(1, 0.4)), List.of(q(1, 0.8)))));

        assertThat(cv.folds()).containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 1));
        assertThat(cv.crossValidated().overall()[1]).isCloseTo(cv.tuned().overall()[1], within(1e-9));
        assertThat(cv.table()).contains("cross-validated").contains("tuned on all (better)")
                .contains("shipped (shipped)");
    }

    @Test
    void a_conversation_without_a_list_per_setting_is_refused() {
        assertThatThrownBy(() -> new CrossValidation(List.of("one", "two"),
                Map.of("a", List.of(List.of(q(1, 1)))))).isInstanceOf(IllegalArgumentException.class);
    }
}
