package dev.strata.domain.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        boolean[] hit = new boolean[words.size()];
        for (int i = 0; i < words.size(); i++) {
            int[] w = words.get(i);
            hit[i] = matches(content.substring(w[0], w[1]), terms);
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
        return out.toString().replaceAll("\\s+", " ").strip();
    }

    private static boolean matches(String word, List<String> terms) {
        String lower = word.toLowerCase(Locale.ROOT);
        String stem = QueryText.stem(lower);
        for (String term : terms) {
            if (term.endsWith("*")) {
                if (lower.startsWith(term.substring(0, term.length() - 1).toLowerCase(Locale.ROOT))) {
                    return true;
                }
            } else if (stem.equals(QueryText.stem(term))) {
                return true;
            }
        }
        return false;
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
