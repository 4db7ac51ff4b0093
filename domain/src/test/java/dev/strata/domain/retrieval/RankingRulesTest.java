package dev.strata.domain.retrieval;

import static dev.strata.domain.retrieval.Fixtures.NOW;
import static dev.strata.domain.retrieval.Fixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.strata.domain.graph.FinanceEntityExtractor;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The rules the ranker keeps whatever the scores: superseded entries, rare terms, the score's scale. */
class RankingRulesTest {

    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static HybridRanker ranker(FusionSettings settings) {
        return new HybridRanker(settings, new FinanceEntityExtractor(), CLOCK);
    }

    private static Candidate version(long id, String key, boolean superseded, String content) {
        return new Candidate(id, "decision", NOW, content, Optional.of(key), superseded);
    }

    private final HybridRanker defaults = ranker(FusionSettings.defaults());

    @Nested
    class SupersededEntries {

        // The old entry says the query's words; the new one replaced it with other words.
        private final Candidate old = version(3, "auth-approach", true, "JWT with 1h expiry for the auth approach");
        private final Candidate current = version(4, "auth-approach", false, "session cookies instead");

        @Test
        void rank_below_their_successor_in_keyword_mode_even_when_they_match_better() {
            RankedResults results = defaults.rank("auth approach JWT",
                    RankingInput.keywordOnly(ArmResult.keyword(List.of(old, memory(7, "other"), current))), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsSubsequence(4L, 3L);
            assertThat(results.hits().get(0).id()).isEqualTo(7L);
        }

        @Test
        void rank_below_their_successor_in_hybrid_mode_even_when_both_arms_prefer_them() {
            // old: (1/61 + 1/61) / 2 = 0.01639 would still beat current: 1/62 = 0.01613.
            RankedResults results = defaults.rank("auth approach JWT", ArmResult.keyword(List.of(old, current)),
                    Optional.of(ArmResult.vector(List.of(old, memory(9, "tokens")))), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsSubsequence(4L, 3L);
            RankedHit oldHit = results.hits().stream().filter(h -> h.id() == 3L).findFirst().orElseThrow();
            RankedHit newHit = results.hits().stream().filter(h -> h.id() == 4L).findFirst().orElseThrow();
            assertThat(oldHit.score()).isLessThan(newHit.score());
        }

        @Test
        void rank_below_their_successor_with_mmr_on() {
            HybridRanker mmr = ranker(FusionSettings.defaults().withMmr(true));
            Candidate current = version(4, "auth-approach", false, "JWT with 15m expiry for the auth approach");

            RankedResults results = mmr.rank("auth approach JWT", ArmResult.keyword(List.of(old, memory(5,
                    "unrelated words entirely"), current)), Optional.of(ArmResult.vector(List.of(old))), 3);

            assertThat(results.hits()).extracting(RankedHit::id).containsSubsequence(4L, 3L);
        }

        @Test
        void score_half_of_what_a_current_entry_at_their_place_would() {
            Candidate alone = version(3, "k", true, "a");
            RankedResults superseded = defaults.rank("q", RankingInput.keywordOnly(ArmResult.keyword(List.of(
                    memory(1, "x"), alone))), 10);
            RankedResults current = defaults.rank("q", RankingInput.keywordOnly(ArmResult.keyword(List.of(
                    memory(1, "x"), version(3, "k", false, "a")))), 10);

            assertThat(superseded.hits().get(1).score()).isCloseTo(current.hits().get(1).score() / 2, within(1e-12));
        }

        @Test
        void a_chain_keeps_its_order_newest_first() {
            Candidate first = version(1, "k", true, "q q q");
            Candidate second = version(2, "k", true, "q q");
            Candidate third = version(3, "k", false, "q");

            RankedResults results = defaults.rank("q",
                    RankingInput.keywordOnly(ArmResult.keyword(List.of(first, second, third))), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(3L, 2L, 1L);
        }
    }

    @Nested
    class RareTerms {

        @Test
        void a_memory_holding_a_rare_query_term_ranks_first_even_behind_every_vector_only_row() {
            // Its embedding is still pending: only the keyword arm can see it, while the vector arm's rows
            // lift each other as neighbour context.
            HybridRanker ranker = ranker(FusionSettings.defaults().withNeighbourContext(0.3, 2,
                    java.time.Duration.ofMinutes(30)));
            Candidate exact = memory(500, "the vault code word is zq7fox");
            ArmResult keyword = ArmResult.keyword(List.of(memory(20, "code review notes"), exact));
            ArmResult vector = ArmResult.vector(List.of(memory(10, "a"), memory(11, "b"), memory(12, "c"),
                    memory(13, "d"), memory(20, "code review notes")));
            Map<Long, java.time.Instant> written = new java.util.HashMap<>();
            for (long id = 8; id <= 22; id++) {
                written.put(id, NOW);
            }
            written.put(500L, NOW);
            Neighbourhood around = new Neighbourhood(written, Map.of());
            assertThat(ranker.rank("code word zq7fox", keyword, Optional.of(vector), around, 5).hits())
                    .extracting(RankedHit::id).doesNotContain(500L);

            RankedResults results = ranker.rank("code word zq7fox",
                    new RankingInput(keyword, Optional.of(vector), around, Map.of(500L, 1)), 5);

            assertThat(results.hits().getFirst().id()).isEqualTo(500L);
            assertThat(results.hits().getFirst().normalisedScore()).isEqualTo(1.0);
        }

        @Test
        void more_rare_terms_rank_higher_and_the_rest_keep_their_order() {
            ArmResult keyword = ArmResult.keyword(List.of(memory(1, "a"), memory(2, "b"), memory(3, "c"),
                    memory(4, "d")));

            RankedResults results = defaults.rank("q", RankingInput.keywordOnly(keyword)
                    .withRareTerms(Map.of(3L, 1, 4L, 2)), 10);

            assertThat(results.hits()).extracting(RankedHit::id).containsExactly(4L, 3L, 1L, 2L);
        }

        @Test
        void stay_first_with_mmr_on() {
            HybridRanker mmr = ranker(FusionSettings.defaults().withMmr(true));
            ArmResult keyword = ArmResult.keyword(List.of(memory(1, "alpha beta"), memory(2, "alpha beta gamma"),
                    memory(3, "alpha beta")));

            RankedResults results = mmr.rank("q", RankingInput.keywordOnly(keyword)
                    .withRareTerms(Map.of(2L, 1, 3L, 1)), 3);

            assertThat(results.hits()).extracting(RankedHit::id).startsWith(2L, 3L);
        }
    }

    @Nested
    class Score {

        @Test
        void is_in_0_to_1_in_keyword_mode_with_the_first_hit_at_1_and_raw_values_kept() {
            RankedResults results = defaults.rank("how is BTC",
                    RankingInput.keywordOnly(ArmResult.keyword(List.of(memory(1, "a"), memory(2, "BTC dip"),
                            memory(3, "c")))), 10);

            assertThat(results.hits().getFirst().normalisedScore()).isEqualTo(1.0);
            assertThat(results.hits()).allSatisfy(h -> {
                assertThat(h.normalisedScore()).isBetween(0.0, 1.0);
                assertThat(h.score()).isGreaterThan(0);
            });
            assertThat(results.hits()).extracting(RankedHit::normalisedScore).isSortedAccordingTo((a, b) ->
                    Double.compare(b, a));
            // raw: 2 boosted 1/62 * 1.3 first, then 1/61, 1/63
            assertThat(results.hits().get(0).score()).isCloseTo(1.3 / 62, within(1e-12));
            assertThat(results.hits().get(1).normalisedScore()).isCloseTo((1.0 / 61) / (1.3 / 62), within(1e-12));
        }
    }
}
