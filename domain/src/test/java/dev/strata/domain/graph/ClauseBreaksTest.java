package dev.strata.domain.graph;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The break scanners find exactly what the spec-shaped regular expressions they replace find. */
class ClauseBreaksTest {

    private static final Pattern SENTENCE = Pattern.compile("[!?;。！？；\\n]|\\.(?=\\s|$)");
    private static final Pattern CLAUSE =
            Pattern.compile("[,，:：()（）]|(?i)(?<![A-Za-z])(?:but|while|whereas|then)(?![A-Za-z])|但是|但|然后|而");
    private static final String[] PIECES = {"a", "B", "but", "BUT", "then", "whereas", "While", "butter", "xbut",
        " ", "\t", "\n", ".", "!", "?", ";", ",", ":", "(", ")", "，", "：", "（", "）", "。", "！", "？", "；",
        "但", "但是", "然后", "而", "然", "后", "1", "-", "_", "é"};

    @Test
    void scanners_agree_with_the_regular_expressions_on_random_text() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 5_000; n++) {
            StringBuilder text = new StringBuilder();
            int pieces = random.nextInt(12);
            for (int i = 0; i < pieces; i++) {
                text.append(PIECES[random.nextInt(PIECES.length)]);
            }
            String s = text.toString();
            assertThat(EdgeExtractor.sentenceBreaks(s)).as(s).isEqualTo(positions(SENTENCE, s));
            assertThat(EdgeExtractor.clauseBreaks(s)).as(s).isEqualTo(positions(CLAUSE, s));
        }
    }

    private static List<Integer> positions(Pattern pattern, String s) {
        List<Integer> positions = new ArrayList<>();
        Matcher m = pattern.matcher(s);
        while (m.find()) {
            positions.add(m.start());
        }
        return positions;
    }
}
