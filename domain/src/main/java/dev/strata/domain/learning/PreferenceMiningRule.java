package dev.strata.domain.learning;

import dev.strata.domain.graph.EntityKind;
import dev.strata.domain.graph.FinanceEntityExtractor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The deterministic preference-mining rule. It proposes a preference only after repeated,
 * consistent observations, and the same inputs always give the same proposals in the same order:
 * <ol>
 *   <li><b>Statements.</b> Statements (the tenant's observation and preference memories) are grouped
 *       by normalised text ({@link LearningText#normalise}). A group of at least {@code minStatements}
 *       whose text names a dimension (the first matching cue in {@link #DIMENSION_CUES}, else a ticker
 *       means {@code asset}) is proposed with evidence = the group's size; text naming no dimension is
 *       never proposed. Absolute wording ("never", "always", "must", "at most", "no more than", "max")
 *       makes it a {@code hard_constraint}. The content is the group's smallest original spelling.</li>
 *   <li><b>Trades.</b> With at least {@code minTrades} trades: all on one side proposes
 *       {@code direction} "trades long only" (or short), evidence = the trade count; one asset class
 *       holding at least 80 % of them proposes {@code asset_class} "mostly trades &lt;class&gt;",
 *       evidence = that class's count. Trade rules only ever propose {@code normal} preferences.</li>
 * </ol>
 * Proposals come back ordered by dimension, then content.
 */
public final class PreferenceMiningRule {

    /** The share of trades one asset class must hold to count as a consistent preference. */
    static final double ASSET_CLASS_SHARE = 0.8;

    static final Map<PreferenceDimension, Pattern> DIMENSION_CUES = cues();

    static final Pattern ABSOLUTE = Pattern.compile("(?<![a-z])(never|always|must|must not|do not|don't|at most"
            + "|no more than|max|maximum|under no circumstances|not allowed)(?![a-z])");

    private static final FinanceEntityExtractor ENTITIES = new FinanceEntityExtractor();

    private PreferenceMiningRule() {
    }

    /** One proposal of the rule. */
    public record Mined(PreferenceDimension dimension, String content, PreferenceKind kind, long evidence) {
    }

    private static Map<PreferenceDimension, Pattern> cues() {
        Map<PreferenceDimension, Pattern> m = new LinkedHashMap<>();
        m.put(PreferenceDimension.LEVERAGE, word("leverage|leveraged|margin|\\d+(?:\\.\\d+)?x"));
        m.put(PreferenceDimension.STOP_LOSS, word("stop[- ]?loss(?:es)?|stops?"));
        m.put(PreferenceDimension.TAKE_PROFIT, word("take[- ]?profits?|profit targets?"));
        m.put(PreferenceDimension.SLIPPAGE, word("slippage"));
        m.put(PreferenceDimension.POSITION_SIZE, word("position sizes?|sizing|allocation|of (?:the |my )?portfolio"));
        m.put(PreferenceDimension.ORDER_TYPE, word("limit orders?|market orders?|order types?"));
        m.put(PreferenceDimension.TIMEFRAME, word("time ?frames?|(?:daily|weekly|monthly|hourly|4h|1h|15m) charts?"));
        m.put(PreferenceDimension.CHAIN, word("ethereum|arbitrum|solana|base chain|optimism|polygon|bsc|avalanche|tron"));
        m.put(PreferenceDimension.ASSET_CLASS, word("meme ?coins?|memes|altcoins?|alts|stablecoins?|stocks|equities"
                + "|forex|commodities|pre-ipo|perps|perpetuals"));
        m.put(PreferenceDimension.DIRECTION, word("long only|short only|only long|only short|never shorts?|no shorts?"));
        m.put(PreferenceDimension.RISK, word("risk|conservative|aggressive|drawdowns?"));
        return m;
    }

    private static Pattern word(String alternatives) {
        return Pattern.compile("(?<![a-z0-9])(?:" + alternatives + ")(?![a-z0-9])");
    }

    public static List<Mined> mine(List<String> statements, List<Trade> trades, int minStatements, int minTrades) {
        if (minStatements < 2 || minTrades < 2) {
            throw new IllegalArgumentException("a preference needs repeated observations: minimums must be >= 2");
        }
        List<Mined> out = new ArrayList<>(fromStatements(statements, minStatements));
        out.addAll(fromTrades(trades, minTrades));
        out.sort(Comparator.comparing(Mined::dimension).thenComparing(Mined::content));
        return List.copyOf(out);
    }

    private static List<Mined> fromStatements(List<String> statements, int minStatements) {
        // TreeMap: groups are visited in key order, so the output never depends on input order.
        Map<String, List<String>> groups = new TreeMap<>();
        for (String s : statements) {
            if (s == null || s.isBlank() || s.strip().length() > NewPreference.MAX_CONTENT_CHARS
                    || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
                continue;
            }
            groups.computeIfAbsent(LearningText.normalise(s), k -> new ArrayList<>()).add(s.strip());
        }
        List<Mined> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            if (g.getValue().size() < minStatements || g.getKey().isEmpty()) {
                continue;
            }
            String content = g.getValue().stream().min(Comparator.naturalOrder()).orElseThrow();
            dimensionOf(g.getKey(), content).ifPresent(d -> out.add(new Mined(d, content,
                    ABSOLUTE.matcher(g.getKey()).find() ? PreferenceKind.HARD_CONSTRAINT : PreferenceKind.NORMAL,
                    g.getValue().size())));
        }
        return out;
    }

    static Optional<PreferenceDimension> dimensionOf(String normalised, String original) {
        for (Map.Entry<PreferenceDimension, Pattern> cue : DIMENSION_CUES.entrySet()) {
            if (cue.getValue().matcher(normalised).find()) {
                return Optional.of(cue.getKey());
            }
        }
        boolean namesAsset = ENTITIES.extract(original).stream()
                .anyMatch(e -> e.kind() == EntityKind.TICKER || e.kind() == EntityKind.FOREX_PAIR);
        return namesAsset ? Optional.of(PreferenceDimension.ASSET) : Optional.empty();
    }

    private static List<Mined> fromTrades(List<Trade> trades, int minTrades) {
        if (trades.size() < minTrades) {
            return List.of();
        }
        List<Mined> out = new ArrayList<>();
        long longs = trades.stream().filter(t -> t.side() == TradeSide.LONG).count();
        if (longs == trades.size() || longs == 0) {
            TradeSide side = longs == 0 ? TradeSide.SHORT : TradeSide.LONG;
            out.add(new Mined(PreferenceDimension.DIRECTION, "trades " + side.wireName() + " only",
                    PreferenceKind.NORMAL, trades.size()));
        }
        Map<AssetClass, Long> perClass = new EnumMap<>(AssetClass.class);
        trades.forEach(t -> perClass.merge(t.assetClass(), 1L, Long::sum));
        perClass.forEach((assetClass, n) -> {
            if (n >= Math.ceil(ASSET_CLASS_SHARE * trades.size())) {
                out.add(new Mined(PreferenceDimension.ASSET_CLASS, "mostly trades " + assetClass.wireName(),
                        PreferenceKind.NORMAL, n));
            }
        });
        return out;
    }
}
