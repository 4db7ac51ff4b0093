package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.NOW;
import static dev.strata.domain.retrieval.Fixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NeighbourContextTest {

    private final NeighbourContext context = new NeighbourContext(0.3, 2, Duration.ofMinutes(30));

    /** Memories first..last, all written at one instant. */
    private static Map<Long, Instant> writtenTogether(long first, long last) {
        Map<Long, Instant> written = new HashMap<>();
        for (long id = first; id <= last; id++) {
            written.put(id, NOW);
        }
        return written;
    }

    @Test
    void a_hit_passes_its_share_to_the_memories_written_just_before_and_after_it() {
        Map<Long, NeighbourContext.Lift> lifts = context.spread(Map.of(10L, 1.0), writtenTogether(1, 20));

        assertThat(lifts).containsOnlyKeys(8L, 9L, 11L, 12L);
        assertThat(lifts.get(9L).score()).isCloseTo(0.3, within(1e-12));
        assertThat(lifts.get(9L).from()).isEqualTo(10L);
    }

    @Test
    void a_memory_between_two_hits_receives_from_both_and_names_the_stronger() {
        Map<Long, NeighbourContext.Lift> lifts = context.spread(Map.of(10L, 1.0, 12L, 0.5), writtenTogether(1, 20));

        assertThat(lifts.get(11L).score()).isCloseTo(0.3 + 0.15, within(1e-12));
        assertThat(lifts.get(11L).from()).isEqualTo(10L);
        assertThat(lifts.get(12L).score()).isCloseTo(0.3, within(1e-12));
        assertThat(lifts.get(10L).score()).isCloseTo(0.15, within(1e-12));
    }

    @Test
    void memories_from_another_sitting_are_not_context() {
        Map<Long, Instant> written = writtenTogether(1, 20);
        written.put(11L, NOW.plus(Duration.ofMinutes(31)));
        written.put(9L, NOW.minus(Duration.ofMinutes(30)));

        assertThat(context.spread(Map.of(10L, 1.0), written)).containsOnlyKeys(8L, 9L, 12L);
    }

    @Test
    void other_tenants_and_deleted_rows_take_places_but_receive_nothing() {
        Map<Long, Instant> written = writtenTogether(1, 20);
        written.remove(11L);

        assertThat(context.spread(Map.of(10L, 1.0), written)).containsOnlyKeys(8L, 9L, 12L);
    }

    @Test
    void a_hit_whose_write_time_is_unknown_passes_nothing() {
        assertThat(context.spread(Map.of(30L, 1.0), writtenTogether(1, 20))).isEmpty();
    }

    @Test
    void weight_zero_switches_it_off() {
        NeighbourContext off = new NeighbourContext(0, 2, Duration.ofMinutes(30));

        assertThat(off.enabled()).isFalse();
        assertThat(off.spread(Map.of(10L, 1.0), writtenTogether(1, 20))).isEmpty();
        assertThat(off.idsAround(List.of(10L))).isEmpty();
        assertThat(off.sources(List.of(ArmResult.keyword(List.of(memory(1, "a")))))).isEmpty();
    }

    @Test
    void ids_around_cover_the_window_of_every_hit_and_stay_positive() {
        assertThat(context.idsAround(List.of(2L, 10L))).containsExactly(1L, 2L, 3L, 4L, 8L, 9L, 10L, 11L, 12L);
    }

    @Test
    void only_the_best_hits_of_each_arm_pass_context_on() {
        List<Candidate> keyword = new java.util.ArrayList<>();
        for (long id = 1; id <= 20; id++) {
            keyword.add(memory(id, "k" + id));
        }
        List<Candidate> vector = List.of(memory(100, "v"), memory(1, "k1"));

        assertThat(context.sources(List.of(ArmResult.keyword(keyword), ArmResult.vector(vector))))
                .hasSize(NeighbourContext.SOURCES_PER_ARM + 1)
                .contains(1L, 15L, 100L)
                .doesNotContain(16L);
    }

    @Test
    void invalid_settings_are_rejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> new NeighbourContext(-0.1, 2, Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> new NeighbourContext(1.5, 2, Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> new NeighbourContext(0.3, -1, Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> new NeighbourContext(0.3, 11, Duration.ZERO));
        assertThatIllegalArgumentException().isThrownBy(() -> new NeighbourContext(0.3, 2, Duration.ofMinutes(-1)));
    }
}
