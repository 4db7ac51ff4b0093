package dev.strata.domain.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The English and Chinese verbs that type an edge, and where they occur in a text.
 *
 * <p>Runs on every memory write, so it avoids the cost of trying a few dozen alternatives at every
 * position of the text: an English verb is only tried where a word that can begin one starts, and
 * the Chinese verbs only when the text has a character outside ASCII.
 */
final class TradeVerbs {

    /** A non-negated verb occurrence. */
    record Occurrence(EdgeType type, int start, int end) {
    }

    private static final String BEFORE = "(?<![A-Za-z])";
    // "sell-off", "long-term", "short-lived" are not trades.
    private static final String AFTER = "(?![A-Za-z-])";

    private record Verbs(String alternatives, Pattern english, Pattern chinese) {
    }

    private static final Map<EdgeType, Verbs> VERBS = Map.of(
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

    /** Every word an English verb above can begin with, lower-case; kept in step with the lists. */
    static final Set<String> FIRST_WORDS = Set.of(
            "went", "go", "going", "longed", "longing", "long", "bought", "buying", "buys", "buy", "accumulated",
            "accumulating", "accumulates", "accumulate", "holding", "holds", "hold", "held", "hodling", "hodled",
            "hodl", "bag", "bagged",
            "sold", "selling", "sells", "sell", "exited", "exiting", "exits", "exit", "closed", "closing", "close",
            "took", "taking", "take", "stopped", "got", "trimmed", "dumped",
            "traded", "trading", "trades", "trade", "swapped", "swapping", "swaps", "swap", "flipped", "scalped",
            "scalping", "shorted", "shorting", "short",
            "watch", "watchlist", "watching", "watched", "watches", "monitoring", "monitored", "monitor", "eyeing",
            "keeping", "keep", "tracking", "tracked", "track");

    private static final Pattern ENGLISH_NEGATION =
            Pattern.compile("(?i)(?:(?<![A-Za-z])(?:not|never|no longer)|n't)\\s+(?:[A-Za-z]+\\s+)?$");
    private static final Pattern CHINESE_NEGATION = Pattern.compile("(?:没有|没再|不再|不要|没|不|未|别)\\s*$");
    private static final int NEGATION_WINDOW = 24;

    private TradeVerbs() {
    }

    /** Every verb occurrence in text order; negated verbs ("didn't sell", "没有卖出") are left out. */
    static List<Occurrence> find(String text) {
        List<Occurrence> found = new ArrayList<>();
        forEachVerb(text, (type, m) -> {
            if (!isNegated(text, m.start())) {
                found.add(new Occurrence(type, m.start(), m.end()));
            }
            return true;
        });
        found.sort(Comparator.comparingInt(Occurrence::start).thenComparing(o -> o.type().ordinal()));
        return List.copyOf(found);
    }

    /** Whether any trade verb occurs, negated or not: "not selling XYZ" is still about trading XYZ. */
    static boolean occursIn(String text) {
        boolean[] any = {false};
        forEachVerb(text, (type, m) -> {
            any[0] = true;
            return false;
        });
        return any[0];
    }

    /** Whether a Chinese trade verb occurs (they are specific enough to mark a whole clause as trading). */
    static boolean occursInChinese(String text) {
        if (text.chars().allMatch(c -> c <= 0x7F)) {
            return false;
        }
        for (Verbs verbs : VERBS.values()) {
            if (verbs.chinese().matcher(text).find()) {
                return true;
            }
        }
        return false;
    }

    private interface VerbVisitor {
        /** @return whether to go on */
        boolean visit(EdgeType type, Matcher match);
    }

    private static void forEachVerb(String text, VerbVisitor visitor) {
        List<Matcher> english = new ArrayList<>(VERBS.size());
        List<EdgeType> types = new ArrayList<>(VERBS.size());
        VERBS.forEach((type, verbs) -> {
            types.add(type);
            english.add(verbs.english().matcher(text).useTransparentBounds(true).useAnchoringBounds(false));
        });
        // Like find(), a type's next match starts after its previous one: "went long" is one verb, not two.
        int[] nextStart = new int[types.size()];
        boolean nonAscii = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c > 0x7F) {
                nonAscii = true;
            }
            if (!isAsciiLetter(c)) {
                i++;
                continue;
            }
            int end = i;
            while (end < text.length() && isAsciiLetter(text.charAt(end))) {
                end++;
            }
            if (FIRST_WORDS.contains(text.substring(i, end).toLowerCase(Locale.ROOT))) {
                for (int t = 0; t < types.size(); t++) {
                    if (i < nextStart[t]) {
                        continue;
                    }
                    Matcher m = english.get(t).region(i, text.length());
                    if (m.lookingAt()) {
                        nextStart[t] = m.end();
                        if (!visitor.visit(types.get(t), m)) {
                            return;
                        }
                    }
                }
            }
            i = end;
        }
        if (!nonAscii) {
            return;
        }
        for (Map.Entry<EdgeType, Verbs> entry : VERBS.entrySet()) {
            Matcher m = entry.getValue().chinese().matcher(text);
            while (m.find()) {
                if (!visitor.visit(entry.getKey(), m)) {
                    return;
                }
            }
        }
    }

    /** The English alternatives of every type, as written: for checking {@link #FIRST_WORDS}. */
    static List<String> englishAlternatives() {
        List<String> all = new ArrayList<>();
        VERBS.values().forEach(v -> all.addAll(List.of(v.alternatives().split("\\|"))));
        return all;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isNegated(String text, int verbStart) {
        String before = text.substring(Math.max(0, verbStart - NEGATION_WINDOW), verbStart);
        return ENGLISH_NEGATION.matcher(before).find() || CHINESE_NEGATION.matcher(before).find();
    }

    private static Verbs verbs(String english, String chinese) {
        return new Verbs(english, Pattern.compile("(?i)" + BEFORE + "(?:" + english + ")" + AFTER),
                Pattern.compile(chinese));
    }
}
