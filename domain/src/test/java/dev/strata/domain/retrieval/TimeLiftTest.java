package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeLiftTest {

    private static final Instant REFERENCE = Instant.parse("2023-10-20T12:00:00Z");
    private final List<TimeWindow> inMay = TimeExpressions.english().parse("What did Mel paint in May 2023?", REFERENCE);

    @Test
    void a_memory_inside_a_sure_window_counts_one_plus_the_weight_times() {
        TimeLift lift = new TimeLift(0.5);

        assertThat(lift.factor(Instant.parse("2023-05-08T13:56:00Z"), inMay)).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void a_memory_far_outside_every_window_is_left_as_it_was_and_one_just_outside_gains_a_little() {
        TimeLift lift = new TimeLift(1.0);
        Instant justAfter = inMay.get(0).end().plus(Duration.ofDays(3));

        assertThat(lift.factor(Instant.parse("2023-09-01T00:00:00Z"), inMay)).isEqualTo(1.0);
        assertThat(lift.factor(justAfter, inMay)).isBetween(1.5, 2.0);
    }

    @Test
    void a_guessed_window_lifts_less_than_a_stated_one() {
        TimeLift lift = new TimeLift(1.0);
        List<TimeWindow> guessed = TimeExpressions.english().parse("what did she do recently", REFERENCE);
        Instant inside = REFERENCE.minus(Duration.ofDays(3));

        assertThat(lift.factor(inside, guessed)).isLessThan(lift.factor(Instant.parse("2023-05-08T00:00:00Z"), inMay));
        assertThat(lift.factor(inside, guessed)).isGreaterThan(1.0);
    }

    @Test
    void no_time_words_or_a_zero_weight_change_nothing() {
        assertThat(new TimeLift(2).factor(REFERENCE, List.of())).isEqualTo(1.0);
        assertThat(TimeLift.OFF.factor(Instant.parse("2023-05-08T00:00:00Z"), inMay)).isEqualTo(1.0);
        assertThat(TimeLift.OFF.isOff()).isTrue();
    }

    @Test
    void a_weight_outside_its_range_is_refused() {
        assertThatIllegalArgumentException().isThrownBy(() -> new TimeLift(-0.1));
        assertThatIllegalArgumentException().isThrownBy(() -> new TimeLift(Double.NaN));
        assertThatIllegalArgumentException().isThrownBy(() -> new TimeLift(TimeLift.MAX_WEIGHT + 1));
    }
}
