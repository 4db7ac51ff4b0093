package dev.strata.domain.chunking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenEstimatorTest {

    @Test
    void counts_about_four_latin_characters_per_token_ignoring_whitespace() {
        assertThat(TokenEstimator.estimate("")).isZero();
        assertThat(TokenEstimator.estimate("abcd")).isEqualTo(1);
        assertThat(TokenEstimator.estimate("abcde")).isEqualTo(2);
        assertThat(TokenEstimator.estimate("abcd    efgh\n\n")).isEqualTo(2);
    }

    @Test
    void counts_one_token_per_cjk_character() {
        assertThat(TokenEstimator.estimate("山寨币崩了")).isEqualTo(5);
        assertThat(TokenEstimator.estimate("ひらがなカタカナ")).isEqualTo(8);
    }

    @Test
    void estimates_a_subrange() {
        assertThat(TokenEstimator.estimate("xxxxabcdefghyyyy", 4, 12)).isEqualTo(2);
    }
}
