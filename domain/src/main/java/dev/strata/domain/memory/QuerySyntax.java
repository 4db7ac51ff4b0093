package dev.strata.domain.memory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A query in spec 01's syntax (FTS5's: phrases, {@code AND} / {@code OR} / {@code NOT}, {@code NEAR},
 * column filters such as {@code category:lesson}, prefixes, parentheses), read for what it demands
 * of every answer, whichever arm found it.
 *
 * <p>The keyword arm runs the query as written. The vector arm and neighbour context find rows by
 * meaning and position, so they must be held to the query's <em>constraints</em>: a column filter,
 * a phrase and a {@code NEAR} group must match, and what follows a {@code NOT} must not. Bare words
 * constrain nothing: "{@code category:lesson BTC}" lets the vector arm bring a lesson about bitcoin
 * that never says BTC, but never a preference. Under an {@code OR}, an alternative that demands
 * nothing lifts the demands of its siblings (it would accept any row); an alternative that only
 * forbids ({@code (x NOT y) OR z} with a bare x) cannot be written as one FTS5 expression and also
 * lifts them. A query this class cannot parse constrains nothing (FTS5 will reject it too, and the
 * keyword arm falls back to a substring match).
 *
 * <p>The constraints are returned as FTS5 expressions cut from the query itself, so the keyword
 * index evaluates them with exactly the tokenizer and stemming that ranked the keyword arm.
 */
public final class QuerySyntax {

    /** Mirrors what the store treats as query syntax (see the SQLite adapter's Fts5Query). */
    private static final Pattern SYNTAX = Pattern.compile(
            "\"|\\b(AND|OR|NOT|NEAR)\\b|\\b(content|category)\\s*:|[\\p{L}\\p{N}_]\\*|\\(|\\)");

    private QuerySyntax() {
    }

    /**
     * What every answer to a query must satisfy.
     *
     * @param mustMatch    an FTS5 expression every answer matches, if any
     * @param mustNotMatch an FTS5 expression no answer matches, if any
     */
    public record Constraint(Optional<String> mustMatch, Optional<String> mustNotMatch) {

        public static final Constraint NONE = new Constraint(Optional.empty(), Optional.empty());

        public Constraint {
            mustMatch = mustMatch.filter(s -> !s.isBlank());
            mustNotMatch = mustNotMatch.filter(s -> !s.isBlank());
        }

        public boolean isNone() {
            return mustMatch.isEmpty() && mustNotMatch.isEmpty();
        }

        Constraint and(Constraint other) {
            return new Constraint(join(mustMatch, other.mustMatch, " AND "),
                    join(mustNotMatch, other.mustNotMatch, " OR "));
        }

        Constraint forbidding(String expression) {
            return new Constraint(mustMatch, join(mustNotMatch, Optional.of(expression), " OR "));
        }

        /** This constraint as one expression, or empty when it only forbids (FTS5 has no unary NOT). */
        Optional<String> asExpression() {
            return mustMatch.map(m -> mustNotMatch.map(n -> "(" + m + ") NOT (" + n + ")").orElse(m));
        }

        private static Optional<String> join(Optional<String> a, Optional<String> b, String operator) {
            if (a.isEmpty()) {
                return b;
            }
            if (b.isEmpty()) {
                return a;
            }
            return Optional.of("(" + a.get() + ")" + operator + "(" + b.get() + ")");
        }
    }

    /** Whether the caller used query syntax (the query then runs as written). */
    public static boolean usesSyntax(String query) {
        return SYNTAX.matcher(query).find();
    }

    /** The constraints of a query; {@link Constraint#NONE} for natural language or a query that does not parse. */
    public static Constraint constraint(String query) {
        return parse(query).map(Node::constraint).orElse(Constraint.NONE);
    }

    /**
     * The words a query asks for, lower-case, in order: for natural language its keywords, for query
     * syntax the words of its terms and phrases that are neither negated nor column filters on
     * {@code category}, prefixes left out.
     */
    public static List<String> positiveTerms(String query) {
        if (!usesSyntax(query)) {
            return QueryText.keywords(query);
        }
        Optional<Node> root = parse(query);
        if (root.isEmpty()) {
            return QueryText.keywords(query);
        }
        Set<String> terms = new LinkedHashSet<>();
        root.get().positiveTerms(terms);
        terms.removeIf(t -> QueryText.STOP_WORDS.contains(t));
        return List.copyOf(terms);
    }

    private static Optional<Node> parse(String query) {
        if (query == null || !usesSyntax(query)) {
            return Optional.empty();
        }
        try {
            Parser parser = new Parser(query);
            Node root = parser.expression();
            parser.skipSpace();
            if (!parser.atEnd()) {
                return Optional.empty();
            }
            return Optional.of(root);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A parsed query node; {@code text} is its span of the query, valid FTS5 on its own. */
    private sealed interface Node {

        Constraint constraint();

        void positiveTerms(Set<String> into);
    }

    /** A bare word, possibly a prefix ({@code slip*}): matches but demands nothing of other arms. */
    private record Term(String word, boolean prefix) implements Node {
        public Constraint constraint() {
            return Constraint.NONE;
        }

        public void positiveTerms(Set<String> into) {
            if (!prefix) {
                into.addAll(QueryText.tokens(word));
            }
        }
    }

    /** A quoted phrase, a {@code +} chain or a {@code ^} initial phrase: every answer contains it. */
    private record Phrase(String text, String words, boolean prefix) implements Node {
        public Constraint constraint() {
            return new Constraint(Optional.of(text), Optional.empty());
        }

        public void positiveTerms(Set<String> into) {
            List<String> tokens = QueryText.tokens(words);
            into.addAll(prefix && !tokens.isEmpty() ? tokens.subList(0, tokens.size() - 1) : tokens);
        }
    }

    /** {@code NEAR(a b, 5)}: every answer has the words that close. */
    private record Near(String text, List<Node> phrases) implements Node {
        public Constraint constraint() {
            return new Constraint(Optional.of(text), Optional.empty());
        }

        public void positiveTerms(Set<String> into) {
            phrases.forEach(p -> p.positiveTerms(into));
        }
    }

    /** {@code category:lesson}, {@code content:(a OR b)}, {@code {content category}:x}: a demand on a column. */
    private record Column(String text, boolean onContent, Node inner) implements Node {
        public Constraint constraint() {
            return new Constraint(Optional.of(text), Optional.empty());
        }

        public void positiveTerms(Set<String> into) {
            if (onContent) {
                inner.positiveTerms(into);
            }
        }
    }

    /** {@code a NOT b}: a's demands, and nothing b matches. */
    private record Not(Node left, String rightText) implements Node {
        public Constraint constraint() {
            return left.constraint().forbidding(rightText);
        }

        public void positiveTerms(Set<String> into) {
            left.positiveTerms(into);
        }
    }

    private record And(List<Node> children) implements Node {
        public Constraint constraint() {
            Constraint all = Constraint.NONE;
            for (Node child : children) {
                all = all.and(child.constraint());
            }
            return all;
        }

        public void positiveTerms(Set<String> into) {
            children.forEach(c -> c.positiveTerms(into));
        }
    }

    private record Or(List<Node> children) implements Node {
        public Constraint constraint() {
            List<String> alternatives = new ArrayList<>();
            for (Node child : children) {
                Optional<String> expression = child.constraint().asExpression();
                if (expression.isEmpty()) {
                    // This alternative accepts rows that match no demand: the OR demands nothing.
                    return Constraint.NONE;
                }
                alternatives.add("(" + expression.get() + ")");
            }
            return new Constraint(Optional.of(String.join(" OR ", alternatives)), Optional.empty());
        }

        public void positiveTerms(Set<String> into) {
            children.forEach(c -> c.positiveTerms(into));
        }
    }

    /**
     * Recursive descent over FTS5's grammar: OR binds loosest, then AND (explicit or implied by
     * juxtaposition), then NOT; a column filter applies to the phrase, NEAR group or parenthesised
     * expression right after it.
     */
    private static final class Parser {

        private final String q;
        private int i;

        Parser(String query) {
            this.q = query;
        }

        Node expression() {
            List<Node> alternatives = new ArrayList<>();
            alternatives.add(conjunction());
            while (keyword("OR")) {
                alternatives.add(conjunction());
            }
            return alternatives.size() == 1 ? alternatives.getFirst() : new Or(alternatives);
        }

        private Node conjunction() {
            List<Node> parts = new ArrayList<>();
            parts.add(negation());
            while (true) {
                skipSpace();
                if (atEnd() || peek() == ')' || peekKeyword("OR")) {
                    break;
                }
                keyword("AND");
                parts.add(negation());
            }
            return parts.size() == 1 ? parts.getFirst() : new And(parts);
        }

        private Node negation() {
            Node left = primary();
            while (peekKeyword("NOT")) {
                keyword("NOT");
                skipSpace();
                int start = i;
                primary();
                left = new Not(left, q.substring(start, i).strip());
            }
            return left;
        }

        private Node primary() {
            skipSpace();
            if (atEnd()) {
                throw new IllegalArgumentException("expression expected");
            }
            int start = i;
            char c = peek();
            if (c == '(') {
                i++;
                Node inner = expression();
                skipSpace();
                expect(')');
                return inner;
            }
            if (c == '-' || c == '{' || isColumnFilterAhead()) {
                return column(start);
            }
            if (peekKeyword("NEAR") && nextNonSpaceAfterWordIs('(')) {
                return near(start);
            }
            return phraseOrTerm(start);
        }

        private Node column(int start) {
            boolean excluding = peek() == '-';
            if (excluding) {
                i++;
                skipSpace();
            }
            boolean namesContent;
            if (!atEnd() && peek() == '{') {
                int close = q.indexOf('}', i);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed column set");
                }
                namesContent = q.substring(i + 1, close).toLowerCase(Locale.ROOT).contains("content");
                i = close + 1;
            } else {
                namesContent = bareword().equalsIgnoreCase("content");
            }
            // "-category:x" searches every column but category, i.e. the content.
            boolean onContent = namesContent != excluding;
            skipSpace();
            expect(':');
            skipSpace();
            Node inner;
            if (!atEnd() && peek() == '(') {
                i++;
                inner = expression();
                skipSpace();
                expect(')');
            } else if (peekKeyword("NEAR") && nextNonSpaceAfterWordIs('(')) {
                inner = near(i);
            } else {
                inner = phraseOrTerm(i);
            }
            return new Column(q.substring(start, i).strip(), onContent, inner);
        }

        private Node near(int start) {
            keyword("NEAR");
            skipSpace();
            expect('(');
            List<Node> phrases = new ArrayList<>();
            while (true) {
                skipSpace();
                if (atEnd()) {
                    throw new IllegalArgumentException("unclosed NEAR");
                }
                if (peek() == ')') {
                    i++;
                    break;
                }
                if (peek() == ',') {
                    i++;
                    skipSpace();
                    bareword();
                    continue;
                }
                phrases.add(phraseOrTerm(i));
            }
            return new Near(q.substring(start, i).strip(), phrases);
        }

        /** A phrase ({@code "..."}, {@code ^}, {@code +} chains) or a bare word, with an optional {@code *}. */
        private Node phraseOrTerm(int start) {
            boolean quoted = false;
            StringBuilder words = new StringBuilder();
            if (atEnd()) {
                // "content:" or "^" closing the query: nothing to filter on.
                throw new IllegalArgumentException("phrase expected");
            }
            if (peek() == '^') {
                quoted = true;
                i++;
                skipSpace();
            }
            int parts = 0;
            boolean prefix;
            while (true) {
                skipSpace();
                if (atEnd()) {
                    throw new IllegalArgumentException("phrase expected");
                }
                if (peek() == '"') {
                    quoted = true;
                    words.append(' ').append(quotedString());
                } else {
                    String word = bareword();
                    if (parts == 0 && isOperator(word)) {
                        throw new IllegalArgumentException("operator where a phrase belongs: " + word);
                    }
                    words.append(' ').append(word);
                }
                parts++;
                prefix = !atEnd() && peek() == '*';
                if (prefix) {
                    i++;
                }
                int save = i;
                skipSpace();
                if (!atEnd() && peek() == '+') {
                    quoted = true;
                    i++;
                    continue;
                }
                i = save;
                break;
            }
            String text = q.substring(start, i).strip();
            return quoted || parts > 1 ? new Phrase(text, words.toString(), prefix)
                    : new Term(words.toString().strip(), prefix);
        }

        private String quotedString() {
            expect('"');
            StringBuilder s = new StringBuilder();
            while (true) {
                if (atEnd()) {
                    throw new IllegalArgumentException("unterminated string");
                }
                char c = q.charAt(i++);
                if (c == '"') {
                    if (!atEnd() && peek() == '"') {
                        s.append('"');
                        i++;
                        continue;
                    }
                    return s.toString();
                }
                s.append(c);
            }
        }

        private String bareword() {
            int start = i;
            while (!atEnd() && isBarewordChar(peek())) {
                i++;
            }
            if (start == i) {
                throw new IllegalArgumentException("unexpected '" + (atEnd() ? "end" : String.valueOf(peek())) + "'");
            }
            return q.substring(start, i);
        }

        /** FTS5 barewords: ASCII letters, digits, '_', and any non-ASCII character. */
        private static boolean isBarewordChar(char c) {
            return c >= 0x80 || Character.isLetterOrDigit(c) || c == '_' || c == 0x1A;
        }

        private static boolean isOperator(String word) {
            return word.equals("AND") || word.equals("OR") || word.equals("NOT");
        }

        private boolean isColumnFilterAhead() {
            int j = i;
            while (j < q.length() && isBarewordChar(q.charAt(j))) {
                j++;
            }
            if (j == i) {
                return false;
            }
            while (j < q.length() && Character.isWhitespace(q.charAt(j))) {
                j++;
            }
            return j < q.length() && q.charAt(j) == ':';
        }

        private boolean nextNonSpaceAfterWordIs(char wanted) {
            int j = i + 4;
            while (j < q.length() && Character.isWhitespace(q.charAt(j))) {
                j++;
            }
            return j < q.length() && q.charAt(j) == wanted;
        }

        private boolean peekKeyword(String word) {
            skipSpace();
            return q.startsWith(word, i) && (i + word.length() == q.length()
                    || !isBarewordChar(q.charAt(i + word.length())));
        }

        private boolean keyword(String word) {
            if (peekKeyword(word)) {
                i += word.length();
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (atEnd() || peek() != c) {
                throw new IllegalArgumentException("'" + c + "' expected");
            }
            i++;
        }

        void skipSpace() {
            while (!atEnd() && Character.isWhitespace(peek())) {
                i++;
            }
        }

        boolean atEnd() {
            return i >= q.length();
        }

        private char peek() {
            return q.charAt(i);
        }
    }
}
