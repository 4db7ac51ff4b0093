package dev.strata.domain.memory;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QueryTextTest {

    @Test
    void a_question_keeps_only_its_content_words() {
        assertThat(QueryText.keywords("What slippage does the user like?")).containsExactly("slippage", "user", "like");
    }

    @Test
    void tokens_split_like_unicode61_and_lower_case() {
        assertThat(QueryText.tokens("0.5% on Base, ETH/USDC — Ünïcode")).containsExactly("0", "5", "on", "base", "eth",
                "usdc", "ünïcode");
    }

    @Test
    void a_query_of_only_stop_words_keeps_them_rather_than_matching_nothing() {
        assertThat(QueryText.keywords("who is he?")).containsExactly("who", "is", "he");
    }

    @Test
    void duplicates_are_dropped() {
        assertThat(QueryText.keywords("eth eth ETH gas")).containsExactly("eth", "gas");
    }
}
