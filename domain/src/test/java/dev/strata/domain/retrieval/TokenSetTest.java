package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class TokenSetTest {

    @Test
    void words_are_lower_cased_and_punctuation_dropped() {
        assertThat(TokenSet.of("Bought BTC, bought ETH!")).containsExactlyInAnyOrder("bought", "btc", "eth");
    }

    @Test
    void han_runs_become_bigrams_and_a_lone_character_stays_whole() {
        assertThat(TokenSet.of("做多BTC 买 止损了")).containsExactlyInAnyOrder("做多", "btc", "买", "止损", "损了");
    }

    @Test
    void jaccard_of_empty_sets_is_zero() {
        assertThat(TokenSet.jaccard(Set.of(), Set.of())).isZero();
        assertThat(TokenSet.jaccard(Set.of("a", "b"), Set.of("b", "c"))).isEqualTo(1.0 / 3);
    }
}
