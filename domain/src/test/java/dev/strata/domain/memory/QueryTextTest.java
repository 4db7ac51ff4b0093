package dev.strata.domain.memory;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QueryTextTest {

    @Test
    void aQuestionKeepsOnlyItsContentWords() {
        assertThat(QueryText.keywords("What slippage does the user like?")).containsExactly("slippage", "user", "like");
    }

    @Test
    void tokensSplitLikeUnicode61AndLowerCase() {
        assertThat(QueryText.tokens("0.5% on Base, ETH/USDC — Ünïcode")).containsExactly("0", "5", "on", "base", "eth",
                "usdc", "ünïcode");
    }

    @Test
    void aQueryOfOnlyStopWordsKeepsThemRatherThanMatchingNothing() {
        assertThat(QueryText.keywords("who is he?")).containsExactly("who", "is", "he");
    }

    @Test
    void duplicatesAreDropped() {
        assertThat(QueryText.keywords("eth eth ETH gas")).containsExactly("eth", "gas");
    }
}
