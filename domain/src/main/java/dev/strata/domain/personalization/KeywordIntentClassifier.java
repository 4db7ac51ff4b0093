package dev.strata.domain.personalization;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The deterministic intent classifier: documented keyword rules, no model. The same message always
 * selects the same dimensions.
 *
 * <ol>
 *   <li>Only the first {@value #MAX_CHARS} characters are read, lower-cased.</li>
 *   <li><b>Pure lookup:</b> a message that asks for a figure or a listing (it starts with "what is",
 *       "what's", "show", "list", "get", "check", "price", "balance", "how much", or names "price of",
 *       "balance of") and holds no advisory cue ({@link #ADVISORY}) selects nothing.</li>
 *   <li>Otherwise each non-core dimension is selected when its cue pattern ({@link #CUES}) matches
 *       anywhere in the message:
 *     <ul>
 *       <li>frequency: daily, weekly, how often, frequency, DCA, rebalance, schedule, routine, autopilot,
 *           day trading, scalping;</li>
 *       <li>markets: invest, portfolio, allocate, diversify, which coin/token/stock/asset, market(s),
 *           stock(s), meme(s), altcoin(s), alts, commodities, gold, IPO, opportunity;</li>
 *       <li>style: analysis/analyse/analyze, chart, technical, fundamental(s), narrative, news,
 *           catalyst, sentiment, community, "why is/did/does", explain;</li>
 *       <li>FOMO Index: FOMO, pump, moon, missing out, rally, breakout, ape in, all in, buy now, too late;</li>
 *       <li>FUD Immunity: crash, dump, panic, FUD, scared, afraid, worried, fear, capitulate, sell
 *           everything, rug, bear market, dip;</li>
 *       <li>Patience Level: hold, HODL, long term, how long, wait, patience, exit, take profit, stop loss,
 *           timeframe, horizon;</li>
 *       <li>Greed Index: leverage, 2x..1000x, double my, get rich, quick profit/gains, all in, moonshot.</li>
 *     </ul></li>
 * </ol>
 */
public final class KeywordIntentClassifier implements IntentClassifier {

    public static final int MAX_CHARS = 2_000;

    static final Pattern LOOKUP = Pattern.compile(
            "^\\s*(?:what is|what's|whats|show|list|get|check|price|balance|how much)\\b|\\b(?:price|balance) of\\b");

    static final Pattern ADVISORY = Pattern.compile("\\b(?:should|recommend\\w*|advi[cs]e\\w*|suggest\\w*|plan\\w*"
            + "|strateg\\w*|worth it|good idea|help me|decide|opinion|thinking of|think about)\\b");

    static final Map<TagDimension, Pattern> CUES = cues();

    private static Map<TagDimension, Pattern> cues() {
        Map<TagDimension, Pattern> m = new LinkedHashMap<>();
        m.put(TagDimension.FREQUENCY, words("daily|weekly|how often|frequen\\w*|dca|rebalanc\\w*|schedul\\w*"
                + "|routine|autopilot|day trad\\w*|scalp\\w*"));
        m.put(TagDimension.MARKETS, words("invest\\w*|portfolio\\w*|allocat\\w*|diversif\\w*"
                + "|which (?:coin|token|stock|asset)s?|markets?|stocks?|memes?|meme ?coins?|altcoins?|alts"
                + "|commodit\\w*|gold|pre-?ipo|ipos?|opportunit\\w*"));
        m.put(TagDimension.STYLE, words("analy[sz]\\w*|charts?|technical\\w*|fundamental\\w*|narrative\\w*|news"
                + "|catalysts?|sentiment|community|why (?:is|did|does|are)|explain\\w*"));
        m.put(TagDimension.FOMO_INDEX, words("fomo|pump\\w*|moon\\w*|missing out|miss out|rally\\w*|breakouts?"
                + "|ape in|aping|all in|buy now|too late"));
        m.put(TagDimension.FUD_IMMUNITY, words("crash\\w*|dump\\w*|panic\\w*|fud|scared|afraid|worried|fear\\w*"
                + "|capitulat\\w*|sell (?:everything|all)|rug\\w*|bear market|dips?"));
        m.put(TagDimension.PATIENCE_LEVEL, words("hold\\w*|hodl\\w*|long[- ]term|how long|wait\\w*|patien\\w*"
                + "|exit\\w*|take profit|stop loss|stop-loss|timeframes?|horizon"));
        m.put(TagDimension.GREED_INDEX, words("leverag\\w*|[1-9][0-9]{0,3}x|double my|get rich|quick (?:profit|gain)s?"
                + "|all in|moonshots?"));
        return Map.copyOf(m);
    }

    private static Pattern words(String alternatives) {
        return Pattern.compile("\\b(?:" + alternatives + ")\\b");
    }

    @Override
    public Set<TagDimension> select(String message) {
        Set<TagDimension> out = EnumSet.noneOf(TagDimension.class);
        if (message == null) {
            return out;
        }
        String text = (message.length() > MAX_CHARS ? message.substring(0, MAX_CHARS) : message)
                .toLowerCase(Locale.ROOT);
        if (LOOKUP.matcher(text).find() && !ADVISORY.matcher(text).find()) {
            return out;
        }
        CUES.forEach((dimension, cue) -> {
            if (cue.matcher(text).find()) {
                out.add(dimension);
            }
        });
        return out;
    }
}
