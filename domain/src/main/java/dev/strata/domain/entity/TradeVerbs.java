package dev.strata.domain.entity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The English and Chinese verbs that type an edge, and where they occur in a text. */
final class TradeVerbs {

    /** A non-negated verb occurrence. */
    record Occurrence(EdgeType type, int start, int end) {
    }

    private static final String BEFORE = "(?<![A-Za-z])";
    // "sell-off", "long-term", "short-lived" are not trades.
    private static final String AFTER = "(?![A-Za-z-])";

    private static final Map<EdgeType, Pattern> VERBS = Map.of(
            EdgeType.HOLDS, verbs(
                    "went long|go long|going long|longed|longing|long|bought|buying|buys|buy|accumulated|accumulating"
                            + "|accumulates|accumulate|holding|holds|hold|held|hodling|hodled|hodl|bag(?:ged)?",
                    "做多|开多|买入|买进|买了|购入|持有|持仓|加仓|抄底|建仓|囤"),
            EdgeType.EXITED, verbs(
                    "sold|selling|sells|sell|exited|exiting|exits|exit|closed|closing|close out"
                            + "|took profits?|taking profits?|take profits?|stopped out|got stopped|trimmed|dumped my",
                    "止损|止盈|平仓|卖出|卖掉|卖了|清仓|割肉|出货|减仓"),
            EdgeType.TRADED, verbs(
                    "traded|trading|trades|trade|swapped|swapping|swaps|swap|flipped|scalped|scalping"
                            + "|went short|go short|shorted|shorting|short",
                    "交易(?!所)|兑换|换成|做空|开空|换仓"),
            EdgeType.WATCHED, verbs(
                    "watch ?list|watching|watched|watches|watch|monitoring|monitored|monitor|eyeing"
                            + "|keeping an eye on|keep an eye on|tracking|tracked|track",
                    "关注|观察|盯着|盯盘|留意|自选|观望|看好|看空"));

    private static final Pattern ENGLISH_NEGATION =
            Pattern.compile("(?i)(?:(?<![A-Za-z])(?:not|never|no longer)|n't)\\s+(?:[A-Za-z]+\\s+)?$");
    private static final Pattern CHINESE_NEGATION = Pattern.compile("(?:没有|没再|不再|不要|没|不|未|别)\\s*$");
    private static final int NEGATION_WINDOW = 24;

    private TradeVerbs() {
    }

    /** Every verb occurrence in text order; negated verbs ("didn't sell", "没有卖出") are left out. */
    static List<Occurrence> find(String text) {
        List<Occurrence> found = new ArrayList<>();
        for (Map.Entry<EdgeType, Pattern> entry : VERBS.entrySet()) {
            Matcher m = entry.getValue().matcher(text);
            while (m.find()) {
                if (!isNegated(text, m.start())) {
                    found.add(new Occurrence(entry.getKey(), m.start(), m.end()));
                }
            }
        }
        found.sort(Comparator.comparingInt(Occurrence::start).thenComparing(o -> o.type().ordinal()));
        return List.copyOf(found);
    }

    /** Whether any trade verb occurs, negated or not: "not selling XYZ" is still about trading XYZ. */
    static boolean occursIn(String text) {
        return VERBS.values().stream().anyMatch(p -> p.matcher(text).find());
    }

    private static boolean isNegated(String text, int verbStart) {
        String before = text.substring(Math.max(0, verbStart - NEGATION_WINDOW), verbStart);
        return ENGLISH_NEGATION.matcher(before).find() || CHINESE_NEGATION.matcher(before).find();
    }

    private static Pattern verbs(String english, String chinese) {
        return Pattern.compile("(?i)" + BEFORE + "(?:" + english + ")" + AFTER + "|" + chinese);
    }
}
