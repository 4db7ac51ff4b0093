package dev.strata.domain.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Derives the typed edges of one memory's content, deterministically and without a model.
 *
 * <p>Each asset mention (ticker, forex pair, address) takes the type of the nearest verb in its
 * clause, preferring the verb before it ("bought BTC") and then the one after it ("BTC止损了");
 * a mention whose clause has no verb inherits the sentence's preceding verb, so "bought BTC, ETH
 * and SOL" holds all three. Entities with no verb, and every chain, get {@code mentions}. The first
 * {@value #MAX_CO_OCCURRING_TICKERS} distinct tickers are paired into {@code co_occurs_with}
 * edges. {@code belongs_to_scenario} comes only from {@link SystemMetadata}.
 *
 * <p>At most {@value #MAX_EDGES_PER_CONTENT} edges are kept, ranked scenario first, then positions
 * (holds, exited, traded), then watched, then mentions, then co-occurrence, each in order of first
 * appearance, so a memory naming thirty tickers loses its weakest edges rather than its trades.
 */
public final class EdgeExtractor {

    public static final int MAX_EDGES_PER_CONTENT = 20;
    public static final int MAX_CO_OCCURRING_TICKERS = 5;

    // Breaks are found by a scan rather than regex alternations: extraction runs on every write.
    private static final String SENTENCE_MARKS = "!?;。！？；\n";
    private static final String REGEX_SPACE = " \t\n\u000B\f\r";
    private static final String CLAUSE_MARKS = ",，:：()（）";
    private static final Set<String> CLAUSE_WORDS = Set.of("but", "while", "whereas", "then");

    private final FinanceEntityExtractor entities;

    public EdgeExtractor(FinanceEntityExtractor entities) {
        this.entities = Objects.requireNonNull(entities, "entities");
    }

    public List<MemoryEdge> extract(String content, SystemMetadata metadata) {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(metadata, "metadata");
        List<MemoryEdge> ranked = new ArrayList<>();
        metadata.scenarioId().ifPresent(id ->
                ranked.add(new MemoryEdge(EdgeType.BELONGS_TO_SCENARIO, FinanceEntity.scenario(id))));

        List<EntityMention> mentions = entities.mentions(content);
        Map<FinanceEntity, Set<EdgeType>> typed = verbTypes(content, mentions);
        typed.forEach((entity, types) -> types.forEach(t -> ranked.add(new MemoryEdge(t, entity))));
        mentions.stream().map(EntityMention::entity).distinct()
                .filter(e -> !typed.containsKey(e))
                .forEach(e -> ranked.add(new MemoryEdge(EdgeType.MENTIONS, e)));
        ranked.addAll(coOccurrences(mentions));

        // Stable sort: within a rank, edges keep their order of appearance in the text.
        return ranked.stream().distinct()
                .sorted(Comparator.comparingInt(e -> e.type().capPriority()))
                .limit(MAX_EDGES_PER_CONTENT).toList();
    }

    public List<MemoryEdge> extract(String content) {
        return extract(content, SystemMetadata.none());
    }

    private static Map<FinanceEntity, Set<EdgeType>> verbTypes(String content, List<EntityMention> mentions) {
        if (mentions.stream().noneMatch(m -> isTradable(m.entity()))) {
            return Map.of();
        }
        List<TradeVerbs.Occurrence> verbs = TradeVerbs.find(content).stream()
                .filter(v -> mentions.stream().noneMatch(m -> m.overlaps(v.start(), v.end())))
                .toList();
        List<Integer> sentenceBreaks = sentenceBreaks(content);
        List<Integer> clauseBreaks = clauseBreaks(content);
        clauseBreaks.addAll(sentenceBreaks);
        Map<FinanceEntity, Set<EdgeType>> typed = new LinkedHashMap<>();
        for (EntityMention mention : mentions) {
            if (!isTradable(mention.entity())) {
                continue;
            }
            verbFor(mention, verbs, clauseBreaks, sentenceBreaks).ifPresent(type ->
                    typed.computeIfAbsent(mention.entity(), e -> new LinkedHashSet<>()).add(type));
        }
        return typed;
    }

    private static Optional<EdgeType> verbFor(EntityMention mention, List<TradeVerbs.Occurrence> verbs,
            List<Integer> clauseBreaks, List<Integer> sentenceBreaks) {
        int clauseStart = lastBreakBefore(clauseBreaks, mention.start());
        int clauseEnd = firstBreakFrom(clauseBreaks, mention.end());
        Optional<TradeVerbs.Occurrence> before = verbs.stream()
                .filter(v -> v.end() <= mention.start() && v.start() >= clauseStart)
                .reduce((first, second) -> second);
        if (before.isPresent()) {
            return before.map(TradeVerbs.Occurrence::type);
        }
        Optional<TradeVerbs.Occurrence> after = verbs.stream()
                .filter(v -> v.start() >= mention.end() && v.end() <= clauseEnd)
                .findFirst();
        if (after.isPresent()) {
            return after.map(TradeVerbs.Occurrence::type);
        }
        // A verbless clause continues the sentence's list: "bought BTC, ETH and SOL".
        int sentenceStart = lastBreakBefore(sentenceBreaks, mention.start());
        return verbs.stream()
                .filter(v -> v.end() <= mention.start() && v.start() >= sentenceStart)
                .reduce((first, second) -> second)
                .map(TradeVerbs.Occurrence::type);
    }

    private static List<MemoryEdge> coOccurrences(List<EntityMention> mentions) {
        List<FinanceEntity> tickers = mentions.stream().map(EntityMention::entity)
                .filter(e -> e.kind() == EntityKind.TICKER)
                .distinct().limit(MAX_CO_OCCURRING_TICKERS).toList();
        List<MemoryEdge> pairs = new ArrayList<>();
        for (int i = 0; i < tickers.size(); i++) {
            for (int j = i + 1; j < tickers.size(); j++) {
                pairs.add(new MemoryEdge(EdgeType.CO_OCCURS_WITH, FinanceEntity.tickerPair(tickers.get(i), tickers.get(j))));
            }
        }
        return pairs;
    }

    /** Chains are venues, not positions: "bought ETH on Base" holds ETH and merely mentions Base. */
    private static boolean isTradable(FinanceEntity entity) {
        return entity.kind() == EntityKind.TICKER || entity.kind() == EntityKind.FOREX_PAIR
                || entity.kind() == EntityKind.ADDRESS;
    }

    /** Sentence ends: {@code ! ? ;} (and their CJK forms), a newline, or a full stop before a space or the end. */
    static List<Integer> sentenceBreaks(String content) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (SENTENCE_MARKS.indexOf(c) >= 0
                    || (c == '.' && (i + 1 == content.length() || REGEX_SPACE.indexOf(content.charAt(i + 1)) >= 0))) {
                positions.add(i);
            }
        }
        return positions;
    }

    /** Clause starts: commas, colons and brackets, the words but/while/whereas/then, 但(是), 然后, 而. */
    static List<Integer> clauseBreaks(String content) {
        List<Integer> positions = new ArrayList<>();
        int i = 0;
        while (i < content.length()) {
            char c = content.charAt(i);
            if (isAsciiLetter(c)) {
                int end = i;
                while (end < content.length() && isAsciiLetter(content.charAt(end))) {
                    end++;
                }
                if (CLAUSE_WORDS.contains(content.substring(i, end).toLowerCase(Locale.ROOT))) {
                    positions.add(i);
                }
                i = end;
                continue;
            }
            if (CLAUSE_MARKS.indexOf(c) >= 0 || c == '但' || c == '而' || content.startsWith("然后", i)) {
                positions.add(i);
            }
            i++;
        }
        return positions;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static int lastBreakBefore(List<Integer> breaks, int position) {
        return breaks.stream().filter(b -> b < position).mapToInt(Integer::intValue).max().orElse(0);
    }

    private static int firstBreakFrom(List<Integer> breaks, int position) {
        return breaks.stream().filter(b -> b >= position).mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
    }
}
