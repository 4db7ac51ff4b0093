package dev.strata.domain.memory;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SnippetTest {

    @Test
    void short_content_is_shown_whole_with_matches_marked() {
        assertThat(Snippet.of("always use 0.5% slippage on swaps", List.of("slippage", "swap"), 32))
                .isEqualTo("always use 0.5% **slippage** on **swaps**");
    }

    @Test
    void long_content_is_cut_to_the_densest_window() {
        String content = "filler ".repeat(50) + "the user prefers tight slippage on base swaps " + "tail ".repeat(50);
        String snippet = Snippet.of(content, List.of("slippage", "swaps", "base"), 8);
        assertThat(snippet).startsWith("…").endsWith("…").contains("**slippage**", "**base**", "**swaps**");
        assertThat(snippet.split(" ")).hasSizeLessThanOrEqualTo(10);
    }

    @Test
    void prefix_terms_match_word_beginnings() {
        assertThat(Snippet.of("slippage and slips", List.of("slip*"), 32)).isEqualTo("**slippage** and **slips**");
    }

    @Test
    void whole_terms_and_prefixes_mix_and_compare_without_case() {
        assertThat(Snippet.of("The user TRADES eth on Arbitrum", List.of("Trades", "ETH", "arb*"), 32))
                .isEqualTo("The user **TRADES** **eth** on **Arbitrum**");
    }

    @Test
    void content_without_words_is_returned_as_is() {
        assertThat(Snippet.of("%%%", List.of("x"), 32)).isEqualTo("%%%");
    }

    @Test
    void white_space_runs_collapse_as_the_regex_did() {
        char[] alphabet = {' ', '\t', '\n', 0x0B, '\f', '\r', '\u00A0', '\u2003', 'a', 'B', '7', '*', 'é'};
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 5_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            assertThat(Snippet.singleSpaced(text)).as("'%s'", text).isEqualTo(text.toString().replaceAll("\\s+", " "));
        }
    }
}
