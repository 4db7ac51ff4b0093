package dev.strata.domain.chunking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenEstimatorTest {

    @Test
    void countsAboutFourLatinCharactersPerTokenIgnoringWhitespace() {
        assertThat(TokenEstimator.estimate("")).isZero();
        assertThat(TokenEstimator.estimate("abcd")).isEqualTo(1);
        assertThat(TokenEstimator.estimate("abcde")).isEqualTo(2);
        assertThat(TokenEstimator.estimate("abcd    efgh\n\n")).isEqualTo(2);
    }

    @Test
    void countsOneTokenPerCjkCharacter() {
        assertThat(TokenEstimator.estimate("山寨币崩了")).isEqualTo(5);
        assertThat(TokenEstimator.estimate("ひらがなカタカナ")).isEqualTo(8);
    }

    @Test
    void estimatesASubrange() {
        assertThat(TokenEstimator.estimate("xxxxabcdefghyyyy", 4, 12)).isEqualTo(2);
    }
}
