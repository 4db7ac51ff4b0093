package dev.strata.domain.memory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Builds the fragment a search hit shows: the window of the content with the most query-term
 * matches, matched words wrapped in {@code **}. Done in Java on the few returned rows rather than
 * with FTS5's snippet(), which SQLite would evaluate for every matching row before the LIMIT.
 */
public final class Snippet {

    public static final int DEFAULT_WINDOW_WORDS = 32;
    private static final String MARK = "**";
    private static final String ELLIPSIS = "…";

    private Snippet() {
    }

    /**
     * @param terms query terms; a term ending in '*' matches as a prefix
     */
    public static String of(String content, List<String> terms, int windowWords) {
        List<int[]> words = wordSpans(content);
        if (words.isEmpty()) {
            return content;
        }
        Terms query = Terms.of(terms);
        boolean[] hit = new boolean[words.size()];
        for (int i = 0; i < words.size(); i++) {
            int[] w = words.get(i);
            hit[i] = query.matches(content.substring(w[0], w[1]));
        }
        int window = Math.min(windowWords, words.size());
        int bestStart = 0;
        int bestCount = -1;
        int count = 0;
        for (int i = 0; i < words.size(); i++) {
            if (hit[i]) {
                count++;
            }
            if (i >= window && hit[i - window]) {
                count--;
            }
            if (i >= window - 1 && count > bestCount) {
                bestCount = count;
                bestStart = i - window + 1;
            }
        }
        int end = bestStart + window;
        StringBuilder out = new StringBuilder();
        if (bestStart > 0) {
            out.append(ELLIPSIS);
        }
        int from = bestStart == 0 ? 0 : words.get(bestStart)[0];
        int to = end == words.size() ? content.length() : words.get(end - 1)[1];
        int cursor = from;
        for (int i = bestStart; i < end; i++) {
            int[] w = words.get(i);
            if (hit[i]) {
                out.append(content, cursor, w[0]).append(MARK).append(content, w[0], w[1]).append(MARK);
                cursor = w[1];
            }
        }
        out.append(content, cursor, to);
        if (end < words.size()) {
            out.append(ELLIPSIS);
        }
        return singleSpaced(out).strip();
    }

    /**
     * Each run of white space ({@code \\s}: space, tab, line breaks, vertical tab, form feed) as one space:
     * what {@code replaceAll("\\s+", " ")} gives, without compiling a pattern for every hit.
     */
    static String singleSpaced(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean inRun = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean space = c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
            if (!space) {
                out.append(c);
            } else if (!inRun) {
                out.append(' ');
            }
            inRun = space;
        }
        return out.toString();
    }

    /**
     * The query terms as they are compared with each word: prefixes (a term ending in '*') lower-cased, the
     * others stemmed, both once per snippet rather than once per word of the content.
     */
    private record Terms(List<String> prefixes, Set<String> stems) {

        static Terms of(List<String> terms) {
            List<String> prefixes = new ArrayList<>();
            Set<String> stems = new HashSet<>();
            for (String term : terms) {
                if (term.endsWith("*")) {
                    prefixes.add(term.substring(0, term.length() - 1).toLowerCase(Locale.ROOT));
                } else {
                    stems.add(QueryText.stem(term));
                }
            }
            return new Terms(prefixes, stems);
        }

        boolean matches(String word) {
            String lower = word.toLowerCase(Locale.ROOT);
            for (String prefix : prefixes) {
                if (lower.startsWith(prefix)) {
                    return true;
                }
            }
            return !stems.isEmpty() && stems.contains(QueryText.stem(lower));
        }
    }

    private static List<int[]> wordSpans(String content) {
        List<int[]> spans = new ArrayList<>();
        int i = 0;
        int n = content.length();
        while (i < n) {
            int cp = content.codePointAt(i);
            if (Character.isLetterOrDigit(cp)) {
                int start = i;
                while (i < n && Character.isLetterOrDigit(content.codePointAt(i))) {
                    i += Character.charCount(content.codePointAt(i));
                }
                spans.add(new int[] {start, i});
            } else {
                i += Character.charCount(cp);
            }
        }
        return spans;
    }
}
