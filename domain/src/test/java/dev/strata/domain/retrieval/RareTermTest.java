package dev.strata.domain.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RareTermTest {

    @Test
    void in_a_small_index_only_a_word_one_row_holds_is_rare() {
        assertThat(RareTerm.maxRows(0)).isEqualTo(1);
        assertThat(RareTerm.maxRows(12)).isEqualTo(1);
        assertThat(RareTerm.maxRows(199)).isEqualTo(1);
    }

    @Test
    void a_larger_index_allows_one_row_in_a_hundred_up_to_three() {
        assertThat(RareTerm.maxRows(200)).isEqualTo(2);
        assertThat(RareTerm.maxRows(2_003)).isEqualTo(3);
        assertThat(RareTerm.maxRows(100_000)).isEqualTo(RareTerm.MAX_ROWS);
    }
}
