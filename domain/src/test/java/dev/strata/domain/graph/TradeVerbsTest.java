package dev.strata.domain.graph;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TradeVerbsTest {

    /** Every English verb is only tried where one of the first words begins, so none may be missing. */
    @Test
    void every_english_verb_starts_with_a_listed_first_word() {
        List<String> alternatives = TradeVerbs.englishAlternatives();
        assertThat(alternatives).hasSizeGreaterThan(40);
        for (String alternative : alternatives) {
            String plain = alternative.replace("(?:ged)?", "").replace("s?", "s");
            String first = plain.split(" ")[0];
            assertThat(TradeVerbs.FIRST_WORDS).as(alternative).contains(first);
            if (alternative.contains(" ?")) {
                assertThat(TradeVerbs.FIRST_WORDS).as(alternative).contains(plain.replace(" ?", "").split(" ")[0]);
            }
        }
    }

    @Test
    void a_multi_word_verb_is_one_occurrence() {
        assertThat(TradeVerbs.find("went long BTC")).extracting(TradeVerbs.Occurrence::type)
                .containsExactly(EdgeType.HOLDS);
    }

    @Test
    void verbs_are_found_in_every_case_and_script_but_not_inside_words_or_negated() {
        assertThat(TradeVerbs.find("Bought ETH, SOLD btc; 止损了 SOL, watching ARB"))
                .extracting(TradeVerbs.Occurrence::type)
                .containsExactly(EdgeType.HOLDS, EdgeType.EXITED, EdgeType.EXITED, EdgeType.WATCHED);
        assertThat(TradeVerbs.find("a sell-off and a rebuyer, overbought")).isEmpty();
        assertThat(TradeVerbs.find("I did not sell ETH and 没有卖出 BTC")).isEmpty();
        assertThat(TradeVerbs.occursIn("did not sell")).isTrue();
        assertThat(TradeVerbs.occursIn("nothing to see")).isFalse();
    }
}
