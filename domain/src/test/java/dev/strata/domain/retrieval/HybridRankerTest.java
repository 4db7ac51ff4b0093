package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.NOW;
import static dev.strata.domain.retrieval.Fixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.graph.FinanceEntityExtractor;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class HybridRankerTest {

    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static HybridRanker ranker(FusionSettings settings) {
        return new HybridRanker(settings, new FinanceEntityExtractor(), CLOCK);
    }

    private final HybridRanker defaults = ranker(FusionSettings.defaults());

    @Nested
    class SearchModeAndArms {

        @Test
        void without_the_vector_arm_the_mode_is_keyword_and_every_hit_names_the_keyword_arm() {
            RankedResults results = defaults.rank("drawdown",
                    ArmResult.keyword(List.of(memory(1, "drawdown notes"), memory(2, "drawdown plan"))), Optional.empty(), 10);
            assertThat(results.searchMode()).isEqualTo(SearchMode.KEYWORD);
            assertThat(results.searchMode().wireName()).isEqualTo("keyword");
            assertThat(results.hits()).allSatisfy(h -> assertThat(h.arms()).containsExactly(Arm.KEYWORD));
        }

        @Test
        void when_the_vector_arm_ran_the_mode_is_hybrid_even_if_it_found_nothing() {
            RankedResults results = defaults.rank("drawdown",
                    ArmResult.keyword(List.of(memory(1, "drawdown notes"))), Optional.of(ArmResult.vector(List.of())), 10);
            assertThat(results.searchMode()).isEqualTo(SearchMode.HYBRID);
            assertThat(results.searchMode().wireName()).isEqualTo("hybrid");
        }

        @Test
        void each_hit_reports_the_arms_that_found_it() {
            RankedResults results = defaults.rank("q",
                    ArmResult.keyword(List.of(memory(1, "a"), memory(2, "b"))),
                    Optional.of(ArmResult.vector(List.of(memory(2, "b"), memory(3, "c")))), 10);
            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(2L, 1L, 3L);
            assertThat(results.hits().get(0).arms()).containsExactly(Arm.KEYWORD, Arm.VECTOR);
            assertThat(results.hits().get(1).arms()).containsExactly(Arm.KEYWORD);
            assertThat(results.hits().get(2).arms()).containsExactly(Arm.VECTOR);
            assertThat(results.hits().get(2).armRanks()).containsEntry(Arm.VECTOR, 2);
        }
    }

    @Nested
    class VectorArm {

        @Test
        void surfaces_a_memory_the_keyword_arm_missed() {
            // "山寨币崩了" shares no keyword with the stored English memory; only the vector arm finds it.
            Candidate altcoinDrawdown = memory(42, "Altcoin drawdown overnight, alts down 30%");
            RankedResults results = defaults.rank("山寨币崩了",
                    ArmResult.keyword(List.of()),
                    Optional.of(ArmResult.vector(List.of(altcoinDrawdown))), 5);
            assertThat(results.hits()).singleElement().satisfies(hit -> {
                assertThat(hit.id()).isEqualTo(42L);
                assertThat(hit.arms()).containsExactly(Arm.VECTOR);
                assertThat(hit.candidate()).isEqualTo(altcoinDrawdown);
            });
        }

        @Test
        void a_vector_only_hit_ranked_first_beats_lower_keyword_only_hits_under_the_limit() {
            List<Candidate> keywordRows = List.of(memory(1, "a"), memory(2, "b"), memory(3, "c"), memory(4, "d"));
            RankedResults results = defaults.rank("q", ArmResult.keyword(keywordRows),
                    Optional.of(ArmResult.vector(List.of(memory(99, "semantic match")))), 3);
            // 1: 1/61, 99: 1/61 (tie, lower id first), 2: 1/62
            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(1L, 99L, 2L);
        }
    }

    @Nested
    class EntityBoosting {

        @Test
        void worked_example_shared_tickers_lift_a_hit_softly() {
            RankedResults results = defaults.rank("how is my BTC and ETH exposure",
                    ArmResult.keyword(List.of(memory(1, "portfolio exposure review"), memory(2, "Bought BTC and ETH"))),
                    Optional.empty(), 10);
            RankedHit boosted = results.hits().getFirst();
            // 2: 1/62 * (1 + 0.3 * 2) = 0.025806 > 1: 1/61 = 0.016393
            assertThat(boosted.id()).isEqualTo(2L);
            assertThat(boosted.entityOverlap()).isEqualTo(2);
            assertThat(boosted.rrfScore()).isCloseTo(1.0 / 62, within(1e-12));
            assertThat(boosted.score()).isCloseTo(1.6 / 62, within(1e-12));
            assertThat(results.hits().get(1).entityOverlap()).isZero();
            assertThat(results.hits().get(1).score()).isCloseTo(1.0 / 61, within(1e-12));
        }

        @Test
        void spellings_of_the_same_asset_overlap() {
            RankedResults results = defaults.rank("$eth outlook",
                    ArmResult.keyword(List.of(memory(1, "closed the ETH-PERP short"))), Optional.empty(), 10);
            assertThat(results.hits().getFirst().entityOverlap()).isEqualTo(1);
        }
    }

    @Nested
    class Decay {

        private final List<Candidate> rows = List.of(
                memory(1, "context", NOW.minus(Duration.ofDays(60)), "old context"),
                memory(2, "lesson", NOW.minus(Duration.ofDays(60)), "old lesson"),
                memory(3, "context", NOW.minus(Duration.ofDays(1)), "fresh context"));

        @Test
        void is_off_by_default() {
            RankedResults results = defaults.rank("q", ArmResult.keyword(rows), Optional.empty(), 10);
            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(1L, 2L, 3L);
        }

        @Test
        void when_on_old_memories_sink_but_lessons_do_not() {
            RankedResults results = ranker(FusionSettings.defaults().withTemporalDecay(true))
                    .rank("q", ArmResult.keyword(rows), Optional.empty(), 10);
            // 2 (lesson, exempt): 1/62 = 0.016129; 3: 1/63 * 0.5^(1/30) = 0.015515; 1: 1/61 * 0.25 = 0.004098
            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(2L, 3L, 1L);
            assertThat(results.hits().get(2).score()).isCloseTo(0.25 / 61, within(1e-12));
            assertThat(results.hits().get(0).score()).isCloseTo(1.0 / 62, within(1e-12));
        }
    }

    @Nested
    class Diversity {

        private final List<Candidate> rows = List.of(
                memory(1, "btc halving supply shock"),
                memory(2, "btc halving supply shock analysis"),
                memory(3, "eth staking yields"));

        @Test
        void is_off_by_default() {
            assertThat(defaults.rank("q", ArmResult.keyword(rows), Optional.empty(), 3).hits())
                    .extracting(RankedHit::id).containsExactly(1L, 2L, 3L);
        }

        @Test
        void when_on_a_near_duplicate_yields_its_place() {
            RankedResults results = ranker(FusionSettings.defaults().withMmr(true))
                    .rank("q", ArmResult.keyword(rows), Optional.empty(), 2);
            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(1L, 3L);
        }
    }

    @Test
    void normalised_score_is_relative_to_the_best_hit_of_the_response() {
        RankedResults results = defaults.rank("q",
                ArmResult.keyword(List.of(memory(1, "a"), memory(2, "b"))),
                Optional.of(ArmResult.vector(List.of(memory(1, "a")))), 10);
        assertThat(results.hits().get(0).normalisedScore()).isEqualTo(1.0);
        // (1/62) / (2/61)
        assertThat(results.hits().get(1).normalisedScore()).isCloseTo(61.0 / 124, within(1e-12));
        assertThat(results.hits()).allSatisfy(h -> assertThat(h.normalisedScore()).isBetween(0.0, 1.0));
    }

    @Test
    void limit_cuts_and_empty_input_gives_no_hits() {
        assertThat(defaults.rank("q", ArmResult.keyword(List.of(memory(1, "a"), memory(2, "b"))), Optional.empty(), 1)
                .hits()).extracting(RankedHit::id).containsExactly(1L);
        assertThat(defaults.rank("q", ArmResult.keyword(List.of()), Optional.empty(), 10).hits()).isEmpty();
    }

    @Test
    void ranking_is_deterministic() {
        ArmResult keyword = ArmResult.keyword(List.of(memory(3, "BTC"), memory(1, "ETH"), memory(2, "SOL")));
        ArmResult vector = ArmResult.vector(List.of(memory(2, "SOL"), memory(4, "DOGE"), memory(3, "BTC")));
        HybridRanker full = ranker(FusionSettings.defaults().withMmr(true).withTemporalDecay(true));
        RankedResults first = full.rank("BTC SOL", keyword, Optional.of(vector), 10);
        assertThat(full.rank("BTC SOL", keyword, Optional.of(vector), 10)).isEqualTo(first);
    }

    @Test
    void arms_must_arrive_in_their_own_slot() {
        assertThatIllegalArgumentException().isThrownBy(() ->
                defaults.rank("q", ArmResult.vector(List.of()), Optional.empty(), 10));
        assertThatIllegalArgumentException().isThrownBy(() ->
                defaults.rank("q", ArmResult.keyword(List.of()), Optional.of(ArmResult.keyword(List.of())), 10));
    }

    @Nested
    class AnswerLiftStep {

        private final HybridRanker lifting = ranker(FusionSettings.defaults()
                .withNeighbourContext(0.3, 1, Duration.ofMinutes(30))).withAnswerLift(new AnswerLift(0.5));

        private Neighbourhood around(long first, long last, Candidate... rows) {
            java.util.Map<Long, java.time.Instant> written = new java.util.HashMap<>();
            for (long id = first; id <= last; id++) {
                written.put(id, NOW);
            }
            java.util.Map<Long, Candidate> extra = new java.util.HashMap<>();
            for (Candidate row : rows) {
                extra.put(row.id(), row);
            }
            return new Neighbourhood(written, extra);
        }

        @Test
        void the_memory_after_a_question_gains_a_share_its_previous_one_does_not() {
            // 10 asks; 9 and 11 are its neighbours, found by no arm. Neighbour context lends both the same;
            // the answer lift adds half the question's score to 11 only.
            ArmResult keyword = ArmResult.keyword(List.of(memory(10, "how long have you had your turtles?")));
            RankedResults results = lifting.rank("turtles", new RankingInput(keyword, Optional.of(ArmResult.vector(
                    List.of())), around(9, 11, memory(9, "I love animals"), memory(11, "three years now")),
                    java.util.Map.of()), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(10L, 11L, 9L);
            double question = results.hits().get(0).score();
            assertThat(results.hits().get(1).score()).isCloseTo(question * (0.3 + 0.5), within(1e-12));
            assertThat(results.hits().get(2).score()).isCloseTo(question * 0.3, within(1e-12));
        }

        @Test
        void a_hit_that_asks_nothing_lends_nothing_more_and_off_changes_nothing() {
            ArmResult keyword = ArmResult.keyword(List.of(memory(10, "we have had turtles for years")));
            Neighbourhood near = around(9, 11, memory(9, "I love animals"), memory(11, "three years now"));
            RankedResults lifted = lifting.rank("turtles", new RankingInput(keyword,
                    Optional.of(ArmResult.vector(List.of())), near, java.util.Map.of()), 10);
            RankedResults plain = lifting.withAnswerLift(AnswerLift.OFF).rank("turtles", new RankingInput(keyword,
                    Optional.of(ArmResult.vector(List.of())), near, java.util.Map.of()), 10);

            assertThat(lifted).isEqualTo(plain);
            assertThat(lifted.hits().get(1).score()).isCloseTo(lifted.hits().get(2).score(), within(1e-12));
        }

        @Test
        void the_next_memory_of_another_sitting_gains_nothing() {
            java.util.Map<Long, java.time.Instant> written = java.util.Map.of(10L, NOW, 11L, NOW.plus(Duration.ofHours(2)));
            ArmResult keyword = ArmResult.keyword(List.of(memory(10, "how long have you had your turtles?")));
            RankedResults results = lifting.rank("turtles", new RankingInput(keyword,
                    Optional.of(ArmResult.vector(List.of())), new Neighbourhood(written,
                    java.util.Map.of(11L, memory(11, "three years now"))), java.util.Map.of()), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(10L);
        }

        @Test
        void weights_outside_zero_to_two_are_refused_and_question_marks_are_what_asks() {
            assertThatIllegalArgumentException().isThrownBy(() -> new AnswerLift(-0.1));
            assertThatIllegalArgumentException().isThrownBy(() -> new AnswerLift(2.5));
            assertThatIllegalArgumentException().isThrownBy(() -> new AnswerLift(Double.NaN));
            assertThat(AnswerLift.asks("how long?")).isTrue();
            assertThat(AnswerLift.asks("\u4F60\u597D\uFF1F")).isTrue();
            assertThat(AnswerLift.asks("three years.")).isFalse();
        }
    }

    @Nested
    class NeighbourContextStep {

        private final HybridRanker withContext = ranker(FusionSettings.defaults()
                .withNeighbourContext(0.5, 1, Duration.ofMinutes(30)));

        private Neighbourhood around(long first, long last, Candidate... rows) {
            java.util.Map<Long, java.time.Instant> written = new java.util.HashMap<>();
            for (long id = first; id <= last; id++) {
                written.put(id, NOW);
            }
            java.util.Map<Long, Candidate> extra = new java.util.HashMap<>();
            for (Candidate row : rows) {
                extra.put(row.id(), row);
            }
            return new Neighbourhood(written, extra);
        }

        @Test
        void a_memory_written_next_to_a_hit_enters_the_results_as_context() {
            RankedResults results = withContext.rank("q", ArmResult.keyword(List.of(memory(10, "how long have you had them?"))),
                    Optional.of(ArmResult.vector(List.of())), around(9, 11, memory(11, "three years now")), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(10L, 11L);
            RankedHit context = results.hits().get(1);
            assertThat(context.arms()).containsExactly(Arm.CONTEXT);
            assertThat(context.armRanks()).containsEntry(Arm.CONTEXT, 1);
            assertThat(context.rrfScore()).isCloseTo(0.5 * results.hits().get(0).rrfScore(), within(1e-12));
        }

        @Test
        void context_lifts_a_lower_hit_over_an_isolated_one() {
            // 1 and 2 were written together; 50 stands alone. Without context 50 ranks above 2.
            ArmResult keyword = ArmResult.keyword(List.of(memory(1, "a"), memory(50, "b"), memory(2, "c")));
            assertThat(defaults.rank("q", keyword, Optional.empty(), 10).hits()).extracting(RankedHit::id)
                    .containsExactly(1L, 50L, 2L);

            RankedResults results = withContext.rank("q", keyword, Optional.empty(), around(1, 3), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(1L, 2L, 50L);
            assertThat(results.hits().get(1).arms()).containsExactly(Arm.KEYWORD);
        }

        @Test
        void rows_the_caller_did_not_offer_are_never_added() {
            RankedResults results = withContext.rank("q", ArmResult.keyword(List.of(memory(10, "a"))),
                    Optional.empty(), around(9, 11), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(10L);
        }

        @Test
        void off_by_default_even_with_a_neighbourhood() {
            ArmResult keyword = ArmResult.keyword(List.of(memory(1, "a"), memory(50, "b"), memory(2, "c")));

            assertThat(defaults.rank("q", keyword, Optional.empty(), around(1, 3, memory(3, "d")), 10).hits())
                    .extracting(RankedHit::id).containsExactly(1L, 50L, 2L);
        }
    }
}
