package dev.strata.bootstrap.eval;

import dev.strata.application.retrieval.RetrievalMode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TimeLiftSweepTest {

    private static double[] r(double r5, double r10) {
        return new double[]{r5, r10, r10, r10};
    }

    /**
     * Weight 1 helps conversations a and b and hurts c: trained without c it is chosen (and hurts c
     * when scored there); trained without a or b, the other helped one still carries it.
     */
    private static TimeLiftSweep sweep() {
        TimeLiftSweep.Builder b = new TimeLiftSweep.Builder(List.of(0.0, 1.0), RetrievalMode.HYBRID);
        b.question("a", 0, 2, r(0, 0));
        b.question("a", 1, 2, r(1, 1));
        b.question("b", 0, 2, r(0, 0));
        b.question("b", 1, 2, r(1, 1));
        b.question("c", 0, 4, r(1, 1));
        b.question("c", 1, 4, r(0, 0));
        return b.build();
    }

    @Test
    void the_tuned_rows_pool_every_conversation_per_weight_and_category() {
        TimeLiftSweep s = sweep();

        assertThat(s.recall(List.of("a", "b", "c"), 0, 0, 1)).isCloseTo(100.0 / 3, within(1e-9));
        assertThat(s.recall(List.of("a", "b", "c"), 1, 2, 1)).isEqualTo(100.0);
        assertThat(s.recall(List.of("a", "b", "c"), 1, 4, 1)).isEqualTo(0.0);
    }

    @Test
    void each_held_out_conversation_is_scored_with_the_weight_the_others_chose() {
        TimeLiftSweep.Held held = sweep().heldOut(0, 1);

        // a: trained on b, c -> tie at 50 -> the smaller weight 0 -> a scores 0; b likewise; c: trained on a, b -> 1 -> 0.
        assertThat(held.chosen()).containsExactly(0.0, 0.0, 1.0);
        assertThat(held.recall()).isEqualTo(0.0);
    }

    @Test
    void the_table_names_the_temporal_category_and_the_held_out_row() {
        String table = sweep().table();

        assertThat(table).contains("2 temporal", "4 single-hop", "| 0 (baseline) |", "| leave-one-conversation-out |",
                "weights chosen per held-out conversation (a, b, c): [0, 0, 1]");
    }
}
