package dev.strata.domain.personalization;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordIntentClassifierTest {

    private final IntentClassifier classifier = new KeywordIntentClassifier();

    @ParameterizedTest
    @ValueSource(strings = {"What is the price of BTC?", "what's my balance", "show my open orders",
            "List my strategies", "check the ETH gas fee", "price of SOL in USD", "How much USDC do I hold?",
            "get the balance of my perps account"})
    void a_pure_lookup_selects_nothing(String message) {
        assertThat(classifier.select(message)).isEmpty();
    }

    @Test
    void a_lookup_that_asks_for_advice_is_classified() {
        assertThat(classifier.select("What is the price of BTC and should I buy more or hold?"))
                .contains(TagDimension.PATIENCE_LEVEL);
    }

    @Test
    void each_cue_selects_its_dimension() {
        assertThat(classifier.select("Should I rebalance weekly?")).containsExactly(TagDimension.FREQUENCY);
        assertThat(classifier.select("Where should I invest 1k?")).containsExactly(TagDimension.MARKETS);
        assertThat(classifier.select("Give me a technical read on SOL")).containsExactly(TagDimension.STYLE);
        assertThat(classifier.select("PEPE is pumping, am I too late?")).containsExactly(TagDimension.FOMO_INDEX);
        assertThat(classifier.select("Everything is crashing, I'm scared")).containsExactly(TagDimension.FUD_IMMUNITY);
        assertThat(classifier.select("Is a long-term bag a good idea?")).containsExactly(TagDimension.PATIENCE_LEVEL);
        assertThat(classifier.select("Can I open a 20x position?")).containsExactly(TagDimension.GREED_INDEX);
    }

    @Test
    void a_turn_can_need_several_dimensions_and_never_a_core_one() {
        var picked = classifier.select("Markets are dumping; should I go all in with leverage or wait?");

        assertThat(picked).containsExactlyInAnyOrder(TagDimension.MARKETS, TagDimension.FUD_IMMUNITY,
                TagDimension.FOMO_INDEX, TagDimension.GREED_INDEX, TagDimension.PATIENCE_LEVEL);
        assertThat(picked).noneMatch(TagDimension::core);
    }

    @Test
    void a_turn_without_any_cue_selects_nothing() {
        assertThat(classifier.select("thanks, that's all for today")).isEmpty();
        assertThat(classifier.select("")).isEmpty();
        assertThat(classifier.select(null)).isEmpty();
    }

    @Test
    void the_same_message_always_selects_the_same_dimensions() {
        String m = "Explain why memes rally and whether I should hold";
        assertThat(classifier.select(m)).isEqualTo(classifier.select(m)).isEqualTo(EnumSet.of(TagDimension.MARKETS,
                TagDimension.STYLE, TagDimension.FOMO_INDEX, TagDimension.PATIENCE_LEVEL));
    }

    @Test
    void only_the_head_of_a_huge_message_is_read() {
        String head = "x".repeat(KeywordIntentClassifier.MAX_CHARS);

        assertThat(classifier.select(head + " leverage")).isEmpty();
        assertThat(classifier.select("leverage " + head)).containsExactly(TagDimension.GREED_INDEX);
    }
}
