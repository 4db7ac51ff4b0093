package dev.strata.domain.graph;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The extractor's word scanners find exactly what a regular expression tried at every position
 * finds: bare words against the regex they replace, keyed matches against {@code find()} over the
 * same alternation.
 */
class WordScannersTest {

    private static final Pattern BARE_WORD = Pattern.compile("(?<![A-Za-z_$])[A-Za-z]{2,10}(?![0-9A-Za-z_])");
    private static final String[] PIECES = {"a", "B", "ab", "BTC", "eth", "abcdefghij", "abcdefghijk", "base",
        "Base", "BASE", "bnb", "chain", "smart", "binance", "arbitrum", "one", "bitcoin", "Bitcoin", "solana",
        "optimism", "based", "xbase", "scroll", "linea", "bnb chain", "arbitrum  one", "binance smart\tchain",
        " ", "  ", "\t", "\n", ".", ",", "-", "_", "$", "/", "1",
        "0x", "é", "比特币", "以太坊"};

    @Test
    void bare_words_are_what_the_regular_expression_finds() {
        SplittableRandom random = new SplittableRandom(11);
        for (int n = 0; n < 20_000; n++) {
            String s = randomText(random);
            List<String> scanned = new ArrayList<>();
            FinanceEntityExtractor.forEachBareWord(s, (start, end) -> scanned.add(start + "-" + end));
            assertThat(scanned).as(s).isEqualTo(spans(BARE_WORD, s));
        }
    }

    @Test
    void keyed_matches_are_what_find_finds() {
        SplittableRandom random = new SplittableRandom(13);
        for (int n = 0; n < 20_000; n++) {
            String s = randomText(random);
            assertKeyed(FinanceEntityExtractor.CHAIN, FinanceEntityExtractor.CHAIN_FIRST_WORDS, s);
            assertKeyed(FinanceEntityExtractor.AMBIGUOUS_CHAIN, FinanceEntityExtractor.AMBIGUOUS_CHAIN_WORDS, s);
            if (s.chars().allMatch(c -> c < 0x80)) {
                assertKeyed(FinanceEntityExtractor.NAMED_ASSET, FinanceEntityExtractor.NAMED_ASSET_FIRST_WORDS, s);
            }
        }
    }

    @Test
    void the_random_texts_hold_matches_of_every_kind() {
        SplittableRandom random = new SplittableRandom(13);
        int chains = 0;
        int multiWord = 0;
        for (int n = 0; n < 20_000; n++) {
            Matcher m = FinanceEntityExtractor.CHAIN.matcher(randomText(random));
            while (m.find()) {
                chains++;
                multiWord += m.group().contains(" ") || m.group().contains("\t") ? 1 : 0;
            }
        }
        assertThat(chains).isGreaterThan(1_000);
        assertThat(multiWord).as("multi-word chain names like 'bnb chain'").isGreaterThan(10);
    }

    private static void assertKeyed(Pattern alternation, Set<String> leadingRuns, String s) {
        List<String> scanned = new ArrayList<>();
        FinanceEntityExtractor.forEachKeyMatch(s, alternation, leadingRuns,
                m -> scanned.add(m.start() + "-" + m.end() + ":" + m.group()));
        List<String> found = new ArrayList<>();
        Matcher m = alternation.matcher(s);
        while (m.find()) {
            found.add(m.start() + "-" + m.end() + ":" + m.group());
        }
        assertThat(scanned).as(s).isEqualTo(found);
    }

    private static String randomText(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int pieces = random.nextInt(14);
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.toString();
    }

    private static List<String> spans(Pattern pattern, String s) {
        List<String> spans = new ArrayList<>();
        Matcher m = pattern.matcher(s);
        while (m.find()) {
            spans.add(m.start() + "-" + m.end());
        }
        return spans;
    }
}
