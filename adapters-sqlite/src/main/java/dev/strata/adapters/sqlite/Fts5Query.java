package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.QueryText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what a caller typed into an FTS5 MATCH expression.
 *
 * <p>A query that uses the spec's syntax (a quoted phrase, upper-case AND/OR/NOT, a
 * {@code category:} or {@code content:} column filter, a {@code slip*} prefix, parentheses) goes
 * to FTS5 as written: the caller meant it. If FTS5 rejects it, the store falls back to LIKE on
 * its keywords, as spec 01 prescribes. Anything else is natural language: stop-words are dropped
 * and the remaining terms are OR-ed, each quoted so no word can act as an operator; "what
 * slippage does the user like?" finds "always use 0.5% slippage".
 *
 * @param match    the MATCH expression (never empty)
 * @param terms    terms to highlight in snippets; a trailing '*' marks a prefix
 * @param explicit whether the caller used query syntax
 */
record Fts5Query(String match, List<String> terms, boolean explicit) {

    private static final Pattern SYNTAX = Pattern.compile(
            "\"|\\b(AND|OR|NOT|NEAR)\\b|\\b(content|category)\\s*:|[\\p{L}\\p{N}_]\\*|\\(|\\)");
    private static final Pattern PREFIX = Pattern.compile("([\\p{L}\\p{N}_]+)\\*");

    static Fts5Query from(String raw) {
        String query = raw.strip();
        if (SYNTAX.matcher(query).find()) {
            return new Fts5Query(query, highlightTerms(query), true);
        }
        List<String> keywords = QueryText.keywords(query);
        if (keywords.isEmpty()) {
            // Only punctuation: a phrase of nothing matches nothing, without an error.
            return new Fts5Query("\"\"", List.of(), false);
        }
        return new Fts5Query(anyOf(keywords), keywords, false);
    }

    /**
     * Terms AND-ed: the rows holding every one. FTS5's BM25 sums one contribution per phrase, with
     * IDFs taken over the whole table, so a row scores the same under this expression as under the
     * same terms OR-ed, and the two rankings merge.
     */
    static String allOf(List<String> terms) {
        return joined(terms, " AND ");
    }

    /** Natural-language terms OR-ed, each quoted so that no word acts as an operator. */
    static String anyOf(List<String> terms) {
        return joined(terms, " OR ");
    }

    private static String joined(List<String> terms, String operator) {
        List<String> quoted = new ArrayList<>(terms.size());
        for (String t : terms) {
            quoted.add('"' + t + '"');
        }
        return String.join(operator, quoted);
    }

    /** Words of an explicit query worth highlighting: not operators or column names; prefixes keep their '*'. */
    private static List<String> highlightTerms(String query) {
        List<String> terms = new ArrayList<>();
        Matcher prefix = PREFIX.matcher(query);
        while (prefix.find()) {
            terms.add(prefix.group(1).toLowerCase(Locale.ROOT) + "*");
        }
        String withoutSyntax = query.replaceAll("\\b(AND|OR|NOT|NEAR)\\b", " ")
                .replaceAll("\\b(content|category)\\s*:", " ")
                .replaceAll("[\\p{L}\\p{N}_]+\\*", " ");
        for (String token : QueryText.tokens(withoutSyntax)) {
            if (!terms.contains(token)) {
                terms.add(token);
            }
        }
        return List.copyOf(terms);
    }
}
