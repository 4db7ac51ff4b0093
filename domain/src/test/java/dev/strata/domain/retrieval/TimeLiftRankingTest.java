package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import dev.strata.domain.graph.FinanceEntityExtractor;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The ranker lifts memories whose event time falls in the query's own time words, read at the reference time. */
class TimeLiftRankingTest {

    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Instant MAY = Instant.parse("2023-05-12T10:00:00Z");
    private static final Instant AUGUST = Instant.parse("2023-08-03T10:00:00Z");

    private static Candidate happened(long id, String content, Instant at) {
        return new Candidate(id, "observation", NOW, content, Optional.empty(), false, at);
    }

    /** The August memory ranks first by the keyword arm alone. */
    private static final ArmResult KEYWORD = ArmResult.keyword(List.of(
            happened(1, "Mel went hiking", AUGUST), happened(2, "Mel went hiking again", MAY)));

    private static RankedResults rank(HybridRanker ranker, String query, Optional<Instant> reference) {
        return ranker.rank(query, new RankingInput(KEYWORD, Optional.empty(), Neighbourhood.NONE, Map.of(), reference),
                10);
    }

    private final HybridRanker off = new HybridRanker(FusionSettings.defaults(), new FinanceEntityExtractor(), CLOCK);
    private final HybridRanker on = off.withTimeLift(new TimeLift(1.0));

    @Test
    void a_memory_that_happened_in_the_window_the_question_names_is_lifted_above_one_that_did_not() {
        assertThat(rank(off, "when did Mel go hiking in May 2023", Optional.empty()).hits())
                .extracting(RankedHit::id).containsExactly(1L, 2L);
        assertThat(rank(on, "when did Mel go hiking in May 2023", Optional.empty()).hits())
                .extracting(RankedHit::id).containsExactly(2L, 1L);
    }

    @Test
    void relative_time_words_are_read_at_the_reference_time_not_the_clock() {
        Instant june = Instant.parse("2023-06-20T00:00:00Z");
        Instant september = Instant.parse("2023-09-20T00:00:00Z");

        assertThat(rank(on, "did Mel go hiking last month", Optional.of(june)).hits())
                .as("last month = May at a June reference").extracting(RankedHit::id).containsExactly(2L, 1L);
        assertThat(rank(on, "did Mel go hiking last month", Optional.of(september)).hits())
                .as("last month = August at a September reference").extracting(RankedHit::id).containsExactly(1L, 2L);
    }

    @Test
    void a_question_without_time_words_ranks_as_without_the_lift() {
        assertThat(rank(on, "did Mel go hiking", Optional.empty()).hits()).extracting(RankedHit::score)
                .isEqualTo(rank(off, "did Mel go hiking", Optional.empty()).hits().stream().map(RankedHit::score)
                        .toList());
    }

    @Test
    void the_lift_survives_a_change_of_fusion_settings() {
        assertThat(on.withSettings(FusionSettings.defaults().withRrfK(5)).timeLift()).isEqualTo(new TimeLift(1.0));
    }
}
