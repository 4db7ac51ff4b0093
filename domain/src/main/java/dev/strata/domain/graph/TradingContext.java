package dev.strata.domain.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the clause around an unlisted upper-case word talks about trading <em>that word</em>, the
 * only way such a word becomes a ticker (a {@code $} or the symbol list decide elsewhere).
 *
 * <p>Engineering and personal notes are full of short acronyms next to numbers and verbs that also
 * mean trading ("JWT with 15m expiry", "monitor the CPU at 80%", "closed the JIRA ticket", "bought a
 * new GPU for $1200"), so the evidence is graded (issue 12; measured on the labelled sample in the
 * tests, 0.80 precision before):
 * <ul>
 *   <li><b>Strong, anywhere in the clause</b>: words only markets use (token, coin, airdrop, market
 *       cap, stock, shares, pumped, dumped, rallied, breakout, listing...) and the Chinese cues and
 *       verbs.</li>
 *   <li><b>Strong, right by the word</b>: a quote or a move ("ZRO at $3.2", "ZRO up 12%").</li>
 *   <li><b>Strong, close before the word</b>: a buy/sell/swap/trade verb at most three words before it
 *       ("bought 2000 BRETT", "swapped into XYZ"); a verb that also means something else (hold, watch,
 *       track, close, exit) only right before it ("watching CRWD").</li>
 *   <li><b>Weak, within three words either side</b>: a percentage, a price in a currency, a leverage
 *       ("3x"), a price-move verb (crashed, surged...), a chart word (price, support, target, entry,
 *       long, short). Two are needed: "SMCI crashed 30%" is a ticker, "GPU usage hits 90%" is not.</li>
 * </ul>
 * A word after an article or a "new"/"used"/"old" is a thing, not a symbol ("bought a used BMW").
 * Durations and sizes ("15m", "512m", "10k rows") are no evidence at all.
 */
final class TradingContext {

    private static final Pattern STRONG_CUE = Pattern.compile(
            "(?i)(?<![A-Za-z])(?:tokens?|coins?|memecoins?|altcoins?|airdrops?|market ?cap|mcap|ticker|stocks?"
                    + "|shares|pump(?:ed|ing|s)?|dump(?:ed|ing|s)?|rall(?:y|ied|ies|ying)|breakout|listing|listed"
                    + "|perps?|futures|options|calls|puts)(?![A-Za-z])"
                    + "|币|股票|价格|仓位|行情|现货|合约|空投|上涨|下跌|涨|跌");

    private static final Pattern STRONG_VERB = Pattern.compile(
            "(?i)bought|buy|buys|buying|sold|sell|sells|selling|swapped|swap|swaps|swapping|traded|trade|trades"
                    + "|trading|accumulat(?:e|ed|es|ing)|aped|ape|apeing|scalp(?:ed|ing)?|flipped|bag|bagged"
                    + "|hodl(?:ed|ing)?|trimmed|shorted|shorting|longed|longing|added|adding|dca(?:ed|ing)?");

    private static final Pattern WEAK_VERB = Pattern.compile(
            "(?i)hold|holds|holding|held|watch|watches|watched|watching|monitor(?:s|ed|ing)?|track(?:s|ed|ing)?"
                    + "|eyeing|close|closed|closing|exit(?:s|ed|ing)?");

    private static final Pattern WEAK_CUE = Pattern.compile(
            "(?i)\\d(?:[.,]\\d+)?\\s?%|[$¥€£]\\s?\\d|(?<![A-Za-z0-9])\\d+(?:\\.\\d+)?x(?![A-Za-z])"
                    + "|(?<![A-Za-z])(?:prices?|priced|chart|support|resistance|entry|target|positions?|share"
                    + "|leverage|long|short|crash(?:ed|ing)?|tank(?:ed|ing)?|surg(?:ed|ing)|soar(?:ed|ing)"
                    + "|plung(?:ed|ing)|spik(?:ed|ing)|jump(?:ed|ing)|gain(?:ed|ing)|fell|rose|dropped|moon(?:ed|ing))"
                    + "(?![A-Za-z])");

    /** A quote ("at $3.2") or a move ("up 12%") right by the word: as good as a strong cue. */
    private static final Pattern STRONG_NEAR = Pattern.compile(
            "(?i)(?<![A-Za-z])(?:at|@)\\s*[$¥€£]\\s?\\d|(?<![A-Za-z])(?:up|down)\\s+\\d+(?:[.,]\\d+)?\\s?%");

    /** Words after which an upper-case word names a thing (a product, an account), not a symbol. */
    private static final Set<String> THING_MARKERS = Set.of("a", "an", "another", "new", "used", "old");

    private static final int WINDOW_WORDS = 3;
    private static final int WEAK_NEEDED = 2;

    private TradingContext() {
    }

    /**
     * @param text  the whole text
     * @param start the word's first character
     * @param end   one past its last character
     */
    static boolean around(String text, int start, int end) {
        int clauseStart = start;
        while (clauseStart > 0 && !isClauseBreak(text, clauseStart - 1)) {
            clauseStart--;
        }
        int clauseEnd = end;
        while (clauseEnd < text.length() && !isClauseBreak(text, clauseEnd)) {
            clauseEnd++;
        }
        String before = text.substring(clauseStart, start);
        String after = text.substring(end, clauseEnd);
        List<String> wordsBefore = lastWords(before);
        if (!wordsBefore.isEmpty() && THING_MARKERS.contains(wordsBefore.getLast().toLowerCase(Locale.ROOT))) {
            return false;
        }
        String clause = before + " " + after;
        if (STRONG_CUE.matcher(clause).find() || TradeVerbs.occursInChinese(clause)) {
            return true;
        }
        for (String word : wordsBefore) {
            if (STRONG_VERB.matcher(word).matches()) {
                return true;
            }
        }
        if (!wordsBefore.isEmpty() && WEAK_VERB.matcher(wordsBefore.getLast()).matches()) {
            return true;
        }
        String near = String.join(" ", wordsBefore) + " | " + String.join(" ", firstWords(after));
        if (STRONG_NEAR.matcher(near).find()) {
            return true;
        }
        int weak = 0;
        Matcher m = WEAK_CUE.matcher(near);
        while (m.find()) {
            weak++;
        }
        return weak >= WEAK_NEEDED;
    }

    /** The last {@link #WINDOW_WORDS} whitespace-separated words, punctuation trimmed, in order. */
    private static List<String> lastWords(String s) {
        List<String> words = words(s);
        return words.subList(Math.max(0, words.size() - WINDOW_WORDS), words.size());
    }

    private static List<String> firstWords(String s) {
        List<String> words = words(s);
        return words.subList(0, Math.min(WINDOW_WORDS, words.size()));
    }

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        for (String raw : s.strip().split("\\s+")) {
            String w = raw.replaceAll("^[\\p{Punct}&&[^$¥€£]]+|[\\p{Punct}&&[^%]]+$", "");
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** Clause punctuation; a full stop only when it ends a sentence, not inside "3.5". */
    static boolean isClauseBreak(String text, int i) {
        char c = text.charAt(i);
        if (c == '.') {
            return i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1));
        }
        return ",;:!?\n，；：。！？".indexOf(c) >= 0;
    }
}
