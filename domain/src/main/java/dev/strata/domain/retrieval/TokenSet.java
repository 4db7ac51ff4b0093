package dev.strata.domain.retrieval;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The token set of a text for Jaccard similarity: lower-cased words for alphabetic scripts and
 * character bigrams for Chinese, which has no spaces (a lone Han character is its own token).
 */
final class TokenSet {

    private static final Pattern RUNS = Pattern.compile("\\p{IsHan}+|[\\p{L}\\p{N}&&[^\\p{IsHan}]]+");

    private TokenSet() {
    }

    static Set<String> of(String text) {
        Set<String> tokens = new HashSet<>();
        Matcher m = RUNS.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            String run = m.group();
            if (!Character.UnicodeScript.of(run.codePointAt(0)).equals(Character.UnicodeScript.HAN)) {
                tokens.add(run);
            } else if (run.codePointCount(0, run.length()) == 1) {
                tokens.add(run);
            } else {
                int[] cps = run.codePoints().toArray();
                for (int i = 0; i + 1 < cps.length; i++) {
                    tokens.add(new String(cps, i, 2));
                }
            }
        }
        return tokens;
    }

    /** |A ∩ B| / |A ∪ B|; two empty sets are taken as unrelated (0), not identical. */
    static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0.0;
        }
        Set<String> smaller = a.size() <= b.size() ? a : b;
        Set<String> larger = smaller == a ? b : a;
        long shared = smaller.stream().filter(larger::contains).count();
        return (double) shared / (a.size() + b.size() - shared);
    }
}
