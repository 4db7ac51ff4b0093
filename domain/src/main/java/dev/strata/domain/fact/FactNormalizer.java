package dev.strata.domain.fact;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The exact-match key of the deterministic dedup pass. Two statements are the same fact when
 * their keys are equal. The key is, in this order:
 * <ol>
 *   <li>Unicode NFKC: compatibility forms fold to their plain form (full-width "ＢＴＣ" is "BTC",
 *       the ligature "ﬁ" is "fi", a no-break space is a space);</li>
 *   <li>lower case, locale-independent ({@link Locale#ROOT});</li>
 *   <li>every run of whitespace (including Unicode spaces) becomes one space, and the ends are trimmed;</li>
 *   <li>trailing sentence punctuation is dropped: {@code . , ; : ! ? …} and the CJK
 *       {@code 。 、 ， ； ： ！ ？}, with any spaces between them.</li>
 * </ol>
 * Nothing else changes: inner punctuation, digits, symbols such as {@code %} and {@code $}, and
 * word order all still matter, so "0.5% slippage" and "5% slippage" stay different facts.
 */
public final class FactNormalizer {

    private static final Pattern WHITESPACE = Pattern.compile("[\\s\\p{Z}]+");
    private static final Pattern TRAILING_PUNCTUATION = Pattern.compile("[\\s.,;:!?…。、，；：！？]+$");

    private FactNormalizer() {
    }

    public static String normalize(String content) {
        String folded = Normalizer.normalize(content, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        String spaced = WHITESPACE.matcher(folded).replaceAll(" ").strip();
        return TRAILING_PUNCTUATION.matcher(spaced).replaceAll("");
    }
}
