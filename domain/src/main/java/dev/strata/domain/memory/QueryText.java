package dev.strata.domain.memory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How search reads a natural-language query: split into word tokens the way SQLite's unicode61
 * tokenizer does, drop English stop-words (they match almost every row and only add noise to
 * BM25), and keep the rest in order. "what slippage does the user like?" becomes
 * [slippage, user, like].
 */
public final class QueryText {

    static final Set<String> STOP_WORDS = Set.of(
            "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are",
            "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but",
            "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for",
            "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself",
            "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just",
            "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
            "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she",
            "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
            "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
            "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which",
            "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
            "yourselves", "s", "t", "don", "didn", "doesn", "isn", "wasn", "ll", "ve", "re", "d", "m");

    private QueryText() {
    }

    /** Lower-cased word tokens (letters and digits), in order, duplicates kept. */
    public static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        text.codePoints().forEach(cp -> {
            if (Character.isLetterOrDigit(cp)) {
                current.appendCodePoint(Character.toLowerCase(cp));
            } else if (!current.isEmpty()) {
                tokens.add(current.toString());
                current.setLength(0);
            }
        });
        if (!current.isEmpty()) {
            tokens.add(current.toString());
        }
        return tokens;
    }

    /**
     * The distinct content-bearing terms of a query. When every token is a stop-word ("who is
     * he?"), the tokens themselves are kept: matching something beats matching nothing.
     */
    public static List<String> keywords(String text) {
        List<String> all = tokens(text);
        Set<String> kept = new LinkedHashSet<>();
        for (String token : all) {
            if (!STOP_WORDS.contains(token)) {
                kept.add(token);
            }
        }
        if (kept.isEmpty()) {
            kept.addAll(all);
        }
        return List.copyOf(kept);
    }

    /**
     * A light suffix stemmer used only to decide which words of a stored text to highlight; ranking
     * itself uses the store's real stemmer.
     */
    private static final String[] STEM_SUFFIXES = {"ingly", "edly", "ing", "ies", "ied", "ed", "es", "ly", "s"};

    public static String stem(String token) {
        String t = token.toLowerCase(Locale.ROOT);
        for (String suffix : STEM_SUFFIXES) {
            if (t.endsWith(suffix) && t.length() - suffix.length() >= 3) {
                return t.substring(0, t.length() - suffix.length());
            }
        }
        return t;
    }
}
