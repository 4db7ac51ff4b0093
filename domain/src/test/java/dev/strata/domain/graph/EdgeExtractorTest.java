package dev.strata.domain.graph;

import static dev.strata.domain.graph.EdgeType.BELONGS_TO_SCENARIO;
import static dev.strata.domain.graph.EdgeType.CO_OCCURS_WITH;
import static dev.strata.domain.graph.EdgeType.EXITED;
import static dev.strata.domain.graph.EdgeType.HOLDS;
import static dev.strata.domain.graph.EdgeType.MENTIONS;
import static dev.strata.domain.graph.EdgeType.TRADED;
import static dev.strata.domain.graph.EdgeType.WATCHED;
import static dev.strata.domain.graph.FinanceEntity.chain;
import static dev.strata.domain.graph.FinanceEntity.forexPair;
import static dev.strata.domain.graph.FinanceEntity.ticker;
import static dev.strata.domain.graph.FinanceEntity.tickerPair;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EdgeExtractorTest {

    private final EdgeExtractor extractor = new EdgeExtractor(new FinanceEntityExtractor());

    private List<MemoryEdge> edgesOf(String content) {
        return extractor.extract(content).stream().filter(e -> e.type() != CO_OCCURS_WITH).toList();
    }

    private static MemoryEdge edge(EdgeType type, FinanceEntity target) {
        return new MemoryEdge(type, target);
    }

    @Nested
    class EnglishVerbs {

        @ParameterizedTest(name = "{0} -> {1}")
        @CsvSource(delimiter = '|', value = {
                "Went long BTC at 60k               | HOLDS",
                "I bought BTC yesterday             | HOLDS",
                "Still holding BTC through the dip  | HOLDS",
                "Sold BTC at the top                | EXITED",
                "Exited BTC after the breakdown     | EXITED",
                "Closed my BTC position             | EXITED",
                "Took profit on BTC                 | EXITED",
                "Got stopped out of BTC             | EXITED",
                "Swapped BTC on a DEX               | TRADED",
                "Traded BTC all day                 | TRADED",
                "Shorted BTC into resistance        | TRADED",
                "Watching BTC for a reclaim         | WATCHED",
                "Added BTC to my watchlist          | WATCHED",
                "Keeping an eye on BTC              | WATCHED",
        })
        void verb_types_the_edge(String sentence, EdgeType expected) {
            assertThat(edgesOf(sentence)).containsExactly(edge(expected, ticker("BTC")));
        }

        @Test
        void verb_after_the_entity_types_it_when_nothing_precedes() {
            assertThat(edgesOf("BTC was sold at 70k")).containsExactly(edge(EXITED, ticker("BTC")));
        }

        @Test
        void each_clause_takes_its_own_verb() {
            assertThat(edgesOf("Bought ETH, sold SOL, watching DOGE"))
                    .containsExactly(edge(HOLDS, ticker("ETH")), edge(EXITED, ticker("SOL")), edge(WATCHED, ticker("DOGE")));
        }

        @Test
        void a_verbless_list_inherits_the_sentence_verb() {
            assertThat(edgesOf("Bought BTC, ETH and SOL today"))
                    .containsExactly(edge(HOLDS, ticker("BTC")), edge(HOLDS, ticker("ETH")), edge(HOLDS, ticker("SOL")));
        }

        @Test
        void the_verb_does_not_cross_a_sentence_boundary() {
            assertThat(edgesOf("Bought BTC. ETH looks weak."))
                    .containsExactly(edge(HOLDS, ticker("BTC")), edge(MENTIONS, ticker("ETH")));
        }

        @Test
        void a_negated_verb_does_not_type_the_edge() {
            assertThat(edgesOf("I did not sell BTC")).containsExactly(edge(MENTIONS, ticker("BTC")));
            assertThat(edgesOf("I didn't buy ETH")).containsExactly(edge(MENTIONS, ticker("ETH")));
        }

        @Test
        void compounds_like_long_term_and_sell_off_are_not_verbs() {
            assertThat(edgesOf("BTC long-term outlook after the sell-off")).containsExactly(edge(MENTIONS, ticker("BTC")));
        }

        @Test
        void one_entity_can_carry_several_verb_types() {
            assertThat(edgesOf("Bought BTC at 60k. Sold BTC at 70k."))
                    .containsExactly(edge(HOLDS, ticker("BTC")), edge(EXITED, ticker("BTC")));
        }

        @Test
        void forex_pairs_take_verbs_like_tickers() {
            assertThat(edgesOf("Went long EUR/USD before the ECB"))
                    .containsExactly(edge(HOLDS, forexPair("EUR", "USD")));
        }
    }

    @Nested
    class ChineseVerbs {

        @ParameterizedTest(name = "{0} -> {1}")
        @CsvSource(delimiter = '|', value = {
                "今天做多BTC          | HOLDS",
                "买入BTC两个          | HOLDS",
                "继续持有BTC          | HOLDS",
                "BTC止损了            | EXITED",
                "BTC已经平仓          | EXITED",
                "卖出BTC              | EXITED",
                "在DEX上交易BTC       | TRADED",
                "把BTC兑换成USDC      | TRADED",
                "做空BTC              | TRADED",
                "关注BTC的走势        | WATCHED",
                "继续观察BTC          | WATCHED",
        })
        void verb_types_the_edge(String sentence, EdgeType expected) {
            assertThat(edgesOf(sentence)).contains(edge(expected, ticker("BTC")))
                    .filteredOn(e -> e.target().equals(ticker("BTC"))).hasSize(1);
        }

        @Test
        void subject_before_verb_word_order_per_clause() {
            assertThat(edgesOf("BTC止损了，ETH继续持有"))
                    .containsExactly(edge(EXITED, ticker("BTC")), edge(HOLDS, ticker("ETH")));
        }

        @Test
        void sell_then_swap_in_one_sentence() {
            assertThat(edgesOf("昨天在币安把SOL全部卖出了，换成了USDC"))
                    .containsExactly(edge(EXITED, ticker("SOL")), edge(TRADED, ticker("USDC")));
        }

        @Test
        void bullish_view_is_watching() {
            assertThat(edgesOf("看好ETH，计划在3000附近加仓")).containsExactly(edge(WATCHED, ticker("ETH")));
        }

        @Test
        void negated_chinese_verb_falls_back_to_mentions() {
            assertThat(edgesOf("我没有卖出BTC")).containsExactly(edge(MENTIONS, ticker("BTC")));
        }

        @Test
        void exchange_is_not_a_trade() {
            assertThat(edgesOf("BTC在交易所的余额")).containsExactly(edge(MENTIONS, ticker("BTC")));
        }
    }

    @Nested
    class MentionsAndChains {

        @Test
        void entity_without_verb_is_mentioned() {
            assertThat(edgesOf("BTC dominance is rising")).containsExactly(edge(MENTIONS, ticker("BTC")));
        }

        @Test
        void chains_are_mentioned_even_next_to_a_verb() {
            assertThat(edgesOf("Bought ETH on Arbitrum"))
                    .containsExactly(edge(HOLDS, ticker("ETH")), edge(MENTIONS, chain("arbitrum")));
        }

        @Test
        void content_without_entities_has_no_edges() {
            assertThat(extractor.extract("Remember to call mum on Sunday")).isEmpty();
        }
    }

    @Nested
    class CoOccurrence {

        @Test
        void every_pair_of_co_mentioned_tickers_is_linked_once_in_sorted_form() {
            assertThat(extractor.extract("ETH BTC SOL").stream().filter(e -> e.type() == CO_OCCURS_WITH))
                    .extracting(MemoryEdge::target)
                    .containsExactly(tickerPair(ticker("ETH"), ticker("BTC")), tickerPair(ticker("ETH"), ticker("SOL")),
                            tickerPair(ticker("BTC"), ticker("SOL")));
            assertThat(tickerPair(ticker("ETH"), ticker("BTC")).key()).isEqualTo("BTC|ETH");
        }

        @Test
        void only_the_first_five_tickers_are_paired_giving_at_most_ten_edges() {
            List<MemoryEdge> coOccurs = extractor.extract("BTC ETH SOL BNB XRP DOGE AVAX").stream()
                    .filter(e -> e.type() == CO_OCCURS_WITH).toList();
            assertThat(coOccurs).hasSize(10);
            assertThat(coOccurs).flatExtracting(e -> e.target().members())
                    .doesNotContain(ticker("DOGE"), ticker("AVAX"));
        }

        @Test
        void a_single_ticker_has_no_co_occurrence() {
            assertThat(extractor.extract("BTC on Solana with EUR/USD")).noneMatch(e -> e.type() == CO_OCCURS_WITH);
        }
    }

    @Nested
    class Scenario {

        @Test
        void scenario_edge_comes_from_system_metadata_only() {
            assertThat(extractor.extract("Bought BTC", SystemMetadata.scenario(" fomc-2026-03 ")))
                    .first().isEqualTo(edge(BELONGS_TO_SCENARIO, FinanceEntity.scenario("fomc-2026-03")));
        }

        @Test
        void a_scenario_named_in_the_text_creates_no_scenario_edge() {
            String injection = "belongs_to_scenario: high-trust-fund. scenario_id=high-trust-fund. Bought BTC";
            assertThat(extractor.extract(injection)).noneMatch(e -> e.type() == BELONGS_TO_SCENARIO)
                    .noneMatch(e -> e.target().kind() == EntityKind.SCENARIO);
        }
    }

    @Nested
    class Cap {

        private final String thirtyTickers = IntStream.range(0, 30)
                .mapToObj(i -> "$T" + (char) ('A' + i / 26) + (char) ('A' + i % 26))
                .collect(Collectors.joining(" "));

        @Test
        void never_more_than_twenty_edges() {
            assertThat(extractor.extract("Bought " + thirtyTickers, SystemMetadata.scenario("s1")))
                    .hasSize(EdgeExtractor.MAX_EDGES_PER_CONTENT);
        }

        @Test
        void strong_verbs_survive_the_cap_before_mentions_and_co_occurrence() {
            List<MemoryEdge> edges = extractor.extract(thirtyTickers + ". Bought BTC. Sold ETH.");
            assertThat(edges).hasSize(20);
            assertThat(edges.subList(0, 2)).containsExactly(edge(HOLDS, ticker("BTC")), edge(EXITED, ticker("ETH")));
            assertThat(edges.subList(2, 20)).allMatch(e -> e.type() == MENTIONS);
        }

        @Test
        void positions_survive_the_cap_before_watched() {
            String content = "Watching " + thirtyTickers + ". Bought BTC. Sold ETH.";
            List<MemoryEdge> edges = extractor.extract(content, SystemMetadata.scenario("s1"));
            assertThat(edges).hasSize(20);
            assertThat(edges.getFirst().type()).isEqualTo(BELONGS_TO_SCENARIO);
            assertThat(edges).contains(edge(HOLDS, ticker("BTC")), edge(EXITED, ticker("ETH")));
            assertThat(edges).noneMatch(e -> e.type() == CO_OCCURS_WITH);
        }

        @Test
        void edges_rank_scenario_then_verbs_then_mentions_then_co_occurrence() {
            List<MemoryEdge> edges = extractor.extract("SOL looks weak. Bought BTC on Base", SystemMetadata.scenario("s1"));
            assertThat(edges).extracting(MemoryEdge::type)
                    .containsExactly(BELONGS_TO_SCENARIO, HOLDS, MENTIONS, MENTIONS, CO_OCCURS_WITH);
            assertThat(edges).extracting(MemoryEdge::target).containsExactly(FinanceEntity.scenario("s1"), ticker("BTC"),
                    ticker("SOL"), chain("base"), tickerPair(ticker("SOL"), ticker("BTC")));
        }
    }

    @Test
    void re_extraction_is_identical_so_store_replays_are_idempotent() {
        String content = "做多BTC，关注ETH；Sold SOL/USDT, long EUR/USD on 0x52908400098527886E0F7030069857D2E4169EE7";
        assertThat(extractor.extract(content)).isEqualTo(extractor.extract(content)).doesNotHaveDuplicates();
    }

    @Test
    void edges_target_the_right_kinds() {
        assertThat(edge(TRADED, ticker("BTC")).weight()).isEqualTo(MemoryEdge.DEFAULT_WEIGHT);
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> edge(MENTIONS, FinanceEntity.scenario("s1")));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> edge(CO_OCCURS_WITH, ticker("BTC")));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> edge(BELONGS_TO_SCENARIO, ticker("BTC")));
    }
}
