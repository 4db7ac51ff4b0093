package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.QueryText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what a caller typed into an FTS5 MATCH expression.
 *
 * <p>A query that uses the spec's syntax (a quoted phrase, upper-case AND/OR/NOT, a
 * {@code category:} column filter, a {@code slip*} prefix, parentheses) is kept as written, with
 * stray punctuation removed. Anything else is natural language: stop-words are dropped and the
 * remaining terms are OR-ed, each quoted, so "what slippage does the user like?" finds "always
 * use 0.5% slippage". If FTS5 still rejects the expression, the store falls back to LIKE.
 *
 * @param match    the MATCH expression (never empty)
 * @param terms    terms to highlight in snippets; a trailing '*' marks a prefix
 * @param explicit whether the caller used query syntax
 */
record Fts5Query(String match, List<String> terms, boolean explicit) {

    private static final Set<String> OPERATORS = Set.of("AND", "OR", "NOT");
    private static final Set<String> COLUMNS = Set.of("content", "category");
    private static final Pattern PIECE = Pattern.compile(
            "\"[^\"]*\"|\\(|\\)|(?<col>[A-Za-z_]+):|(?<word>[\\p{L}\\p{N}_]+\\*?)|(?<other>\\S)");
    private static final Pattern SYNTAX = Pattern.compile(
            "\"|\\b(AND|OR|NOT)\\b|\\b(content|category):|[\\p{L}\\p{N}_]\\*|\\(|\\)");

    static Fts5Query from(String raw) {
        if (SYNTAX.matcher(raw).find()) {
            Fts5Query explicit = explicit(raw);
            if (explicit != null) {
                return explicit;
            }
        }
        List<String> keywords = QueryText.keywords(raw);
        if (keywords.isEmpty()) {
            return new Fts5Query("\"\"", List.of(), false);
        }
        List<String> quoted = new ArrayList<>(keywords.size());
        for (String k : keywords) {
            quoted.add('"' + k + '"');
        }
        return new Fts5Query(String.join(" OR ", quoted), keywords, false);
    }

    /** Keeps the recognised syntax, drops punctuation FTS5 would reject; null when nothing is left. */
    private static Fts5Query explicit(String raw) {
        List<String> out = new ArrayList<>();
        List<String> terms = new ArrayList<>();
        Matcher m = PIECE.matcher(raw);
        while (m.find()) {
            String piece = m.group();
            if (m.group("other") != null) {
                continue;
            }
            if (m.group("col") != null) {
                String column = m.group("col").toLowerCase(Locale.ROOT);
                if (COLUMNS.contains(column)) {
                    out.add(column + ":");
                }
                continue;
            }
            if (m.group("word") != null) {
                if (OPERATORS.contains(piece) || piece.equals("NEAR")) {
                    out.add(piece);
                } else if (piece.endsWith("*")) {
                    String stem = piece.substring(0, piece.length() - 1);
                    out.add('"' + stem + "\"*");
                    terms.add(stem.toLowerCase(Locale.ROOT) + "*");
                } else {
                    out.add('"' + piece + '"');
                    terms.add(piece.toLowerCase(Locale.ROOT));
                }
                continue;
            }
            if (piece.startsWith("\"")) {
                terms.addAll(QueryText.tokens(piece));
            }
            out.add(piece);
        }
        if (terms.isEmpty()) {
            return null;
        }
        // "category: preference" would leave the filter dangling; glue a filter to its operand.
        String match = String.join(" ", out).replace(": ", ":");
        return new Fts5Query(match, List.copyOf(terms), true);
    }
}
