package dev.strata.domain.retrieval;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.Tenant;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A {@link KeywordIndex} fake over an {@link InMemoryMemoryStore}: FTS5's expression grammar
 * (OR, AND or juxtaposition, NOT, parentheses, {@code column:} filters, quoted phrases, words)
 * evaluated with the fake store's light stemming, so tests of the layers above can state
 * constraints the way callers write them. Prefixes and NEAR are not understood (rejected as
 * invalid input, as FTS5 rejects what it cannot parse).
 */
public final class InMemoryKeywordIndex implements KeywordIndex {

    private final InMemoryMemoryStore store;

    public InMemoryKeywordIndex(InMemoryMemoryStore store) {
        this.store = store;
    }

    @Override
    public Set<MemoryId> matching(Tenant tenant, String expression, Collection<MemoryId> among) {
        Predicate<Memory> matches = new Parser(expression).parse();
        Set<MemoryId> found = new HashSet<>();
        for (Memory m : store.allRows()) {
            if (m.tenant().equals(tenant) && !m.isDeleted() && among.contains(m.id()) && matches.test(m)) {
                found.add(m.id());
            }
        }
        return found;
    }

    @Override
    public long size() {
        return store.allRows().size();
    }

    @Override
    public Map<String, Set<MemoryId>> rareTerms(Tenant tenant, List<String> terms, int atMost) {
        Map<String, Set<MemoryId>> rare = new LinkedHashMap<>();
        for (String term : terms) {
            String stem = QueryText.stem(term);
            List<Memory> holding = store.allRows().stream()
                    .filter(m -> QueryText.tokens(m.content()).stream().map(QueryText::stem).anyMatch(stem::equals))
                    .toList();
            if (holding.size() <= atMost) {
                Set<MemoryId> mine = new HashSet<>();
                holding.stream().filter(m -> m.tenant().equals(tenant) && !m.isDeleted()).forEach(m -> mine.add(m.id()));
                rare.put(term, mine);
            }
        }
        return rare;
    }

    private static final class Parser {
        private final String q;
        private int i;

        Parser(String q) {
            this.q = q;
        }

        Predicate<Memory> parse() {
            Predicate<Memory> p = or();
            space();
            if (i < q.length()) {
                throw new InvalidInputException("query", "unexpected text at " + i + " in " + q);
            }
            return p;
        }

        private Predicate<Memory> or() {
            Predicate<Memory> p = and();
            while (word("OR")) {
                p = p.or(and());
            }
            return p;
        }

        private Predicate<Memory> and() {
            Predicate<Memory> p = not();
            while (true) {
                space();
                if (i >= q.length() || q.charAt(i) == ')' || peekWord("OR")) {
                    return p;
                }
                word("AND");
                p = p.and(not());
            }
        }

        private Predicate<Memory> not() {
            Predicate<Memory> p = atom();
            while (word("NOT")) {
                p = p.and(atom().negate());
            }
            return p;
        }

        private Predicate<Memory> atom() {
            space();
            if (i >= q.length()) {
                throw new InvalidInputException("query", "expression expected in " + q);
            }
            if (q.charAt(i) == '(') {
                i++;
                Predicate<Memory> p = or();
                space();
                expect(')');
                return p;
            }
            int colon = q.indexOf(':', i);
            int space = indexOfAny(" \"()", i);
            if (colon > i && (space < 0 || colon < space)) {
                String column = q.substring(i, colon).strip();
                i = colon + 1;
                List<String> words = phraseOrWord();
                if (column.equals("category")) {
                    return m -> containsRun(QueryText.tokens(m.category().value()), words);
                }
                return m -> containsRun(QueryText.tokens(m.content()), words);
            }
            List<String> words = phraseOrWord();
            return m -> containsRun(QueryText.tokens(m.content()), words);
        }

        private List<String> phraseOrWord() {
            space();
            if (i < q.length() && q.charAt(i) == '"') {
                int end = q.indexOf('"', i + 1);
                if (end < 0) {
                    throw new InvalidInputException("query", "unterminated string in " + q);
                }
                String phrase = q.substring(i + 1, end);
                i = end + 1;
                return QueryText.tokens(phrase);
            }
            int start = i;
            while (i < q.length() && (Character.isLetterOrDigit(q.charAt(i)) || q.charAt(i) == '_')) {
                i++;
            }
            if (start == i || (i < q.length() && q.charAt(i) == '*')) {
                throw new InvalidInputException("query", "the fake index reads words and phrases only: " + q);
            }
            return QueryText.tokens(q.substring(start, i));
        }

        private static boolean containsRun(List<String> tokens, List<String> words) {
            List<String> stems = tokens.stream().map(QueryText::stem).toList();
            List<String> wanted = words.stream().map(QueryText::stem).toList();
            for (int s = 0; s + wanted.size() <= stems.size(); s++) {
                if (stems.subList(s, s + wanted.size()).equals(wanted)) {
                    return true;
                }
            }
            return false;
        }

        private int indexOfAny(String chars, int from) {
            for (int j = from; j < q.length(); j++) {
                if (chars.indexOf(q.charAt(j)) >= 0) {
                    return j;
                }
            }
            return -1;
        }

        private boolean peekWord(String w) {
            space();
            return q.startsWith(w, i) && (i + w.length() == q.length() || !Character.isLetterOrDigit(q.charAt(i + w.length())));
        }

        private boolean word(String w) {
            if (peekWord(w)) {
                i += w.length();
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (i >= q.length() || q.charAt(i) != c) {
                throw new InvalidInputException("query", "'" + c + "' expected in " + q);
            }
            i++;
        }

        private void space() {
            while (i < q.length() && Character.isWhitespace(q.charAt(i))) {
                i++;
            }
        }
    }
}
