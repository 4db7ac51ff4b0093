package dev.strata.domain.graph;

import static dev.strata.domain.graph.FinanceVocabulary.AMBIGUOUS_CHAINS;
import static dev.strata.domain.graph.FinanceVocabulary.CHAINS;
import static dev.strata.domain.graph.FinanceVocabulary.CHINESE_CHAINS;
import static dev.strata.domain.graph.FinanceVocabulary.CONTRACT_SUFFIXES;
import static dev.strata.domain.graph.FinanceVocabulary.FIAT;
import static dev.strata.domain.graph.FinanceVocabulary.LISTED_TICKERS;
import static dev.strata.domain.graph.FinanceVocabulary.LOWER_CASE_SAFE;
import static dev.strata.domain.graph.FinanceVocabulary.NAMED_ASSETS;
import static dev.strata.domain.graph.FinanceVocabulary.STABLE_QUOTES;
import static dev.strata.domain.graph.FinanceVocabulary.STOP_WORDS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Deterministic, regex-only extraction of finance entities from free text (English and Chinese).
 *
 * <p>Precision over recall: a false ticker pollutes edges, entity overlap and compiled pages,
 * while a missed one only costs a boost. Recognisers run from the most specific shape to the
 * least (addresses, pairs, cashtags, chain names, then bare words), and each claims its span so a
 * later, looser recogniser never re-reads it. A bare upper-case word is a ticker only when it is
 * listed, or when it is short, not a stop word, not a currency code, not part of an all-caps run
 * of words (shouting, headings) and its clause talks about trading it ({@link TradingContext}: a
 * market word, a trade verb right before it, or two price-like cues next to it): acronyms like
 * NYC, JWT or MVP otherwise look exactly like symbols.
 *
 * <p>Word edges are ASCII letters and digits rather than {@code \b}, so "做多BTC" finds BTC.
 * The extractor is stateless and thread-safe.
 */
public final class FinanceEntityExtractor {

    private static final String NOT_ALNUM_BEFORE = "(?<![0-9A-Za-z])";
    private static final String NOT_ALNUM_AFTER = "(?![0-9A-Za-z])";

    private static final Pattern EVM_ADDRESS =
            Pattern.compile(NOT_ALNUM_BEFORE + "0x[0-9a-fA-F]{40}" + NOT_ALNUM_AFTER);
    private static final Pattern BECH32_ADDRESS =
            Pattern.compile(NOT_ALNUM_BEFORE + "bc1[02-9ac-hj-np-z]{11,71}" + NOT_ALNUM_AFTER);
    private static final Pattern BASE58_ADDRESS =
            Pattern.compile(NOT_ALNUM_BEFORE + "[1-9A-HJ-NP-Za-km-z]{32,44}" + NOT_ALNUM_AFTER);
    private static final Pattern PAIR = Pattern.compile(
            "(?<![0-9A-Za-z$])\\$?([A-Za-z][A-Za-z0-9]{1,9})([/_-])([A-Za-z][A-Za-z0-9]{1,9})(?![0-9A-Za-z/_-])");
    private static final Pattern CASHTAG = Pattern.compile("(?<![0-9A-Za-z$])\\$([A-Za-z][A-Za-z0-9]{0,9})" + NOT_ALNUM_AFTER);
    static final Pattern CHAIN = wordAlternation(CHAINS.keySet());
    static final Pattern AMBIGUOUS_CHAIN = wordAlternation(AMBIGUOUS_CHAINS.keySet());
    static final Pattern NAMED_ASSET = wordAlternation(NAMED_ASSETS.keySet());
    private static final Pattern CHINESE_CHAIN = Pattern.compile(CHINESE_CHAINS.keySet().stream()
            .sorted(Comparator.comparingInt(String::length).reversed()).map(Pattern::quote)
            .collect(Collectors.joining("|")));
    private static final Pattern CHAIN_CONTEXT_BEFORE =
            Pattern.compile("(?i)(?:(?<![A-Za-z])(?:on|to|from|via|onto|across|bridged)\\s+|在\\s*|到\\s*|从\\s*)$");
    private static final Pattern CHAIN_CONTEXT_AFTER =
            Pattern.compile("(?i)^(?:\\s*(?:chain|network|mainnet|l2)(?![A-Za-z])|\\s*(?:链|网络|主网))");

    static final Set<String> CHAIN_FIRST_WORDS = firstWords(CHAINS.keySet());
    static final Set<String> NAMED_ASSET_FIRST_WORDS = firstWords(NAMED_ASSETS.keySet());
    static final Set<String> AMBIGUOUS_CHAIN_WORDS = firstWords(AMBIGUOUS_CHAINS.keySet());
    /** The shortest address any address pattern above accepts (base58). */
    private static final int MIN_ADDRESS_LENGTH = 14;

    private static final Pattern WHITE_SPACE_RUN = Pattern.compile("\\s+");
    private static final int MAX_UNLISTED_TICKER_LENGTH = 5;
    private static final int CONTEXT_WINDOW = 16;

    /** Every mention in text order; one entity may be mentioned several times. */
    public List<EntityMention> mentions(String text) {
        Objects.requireNonNull(text, "text");
        Claims claims = new Claims();
        TextShape shape = TextShape.of(text);
        // Each recogniser runs only when the text could hold its shape: this runs on every write.
        if (shape.longestAlnumRun() >= MIN_ADDRESS_LENGTH) {
            findAddresses(text, claims);
        }
        if (shape.hasAnyOf("/_-")) {
            findPairs(text, claims);
        }
        if (shape.hasAnyOf("$")) {
            findCashtags(text, claims);
        }
        findChains(text, shape, claims);
        if (shape.hasAnyWordOf(NAMED_ASSET_FIRST_WORDS) || shape.nonAscii()) {
            findNamedAssets(text, shape, claims);
        }
        findBareWords(text, claims);
        return claims.inTextOrder();
    }

    /** Distinct entities in order of first mention. */
    public List<FinanceEntity> extract(String text) {
        return List.copyOf(mentions(text).stream()
                .map(EntityMention::entity)
                .collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    /**
     * Lower-case strings of which a text must hold at least one (compared with the text in lower case)
     * for {@link #extract} to find {@code entity} in it; empty when no such list is known (then only
     * extracting tells). Every recogniser reads an entity from its literal symbol (a cashtag, a pair's
     * base, {@code BTCUSDT}'s {@code BTC}, an address) or from a vocabulary key that names it
     * ("bitcoin", "bnb chain", "以太坊"), so a text holding none of these cannot mention it: the entity
     * boost tests a search's candidates against a few query entities and skips extracting the others.
     */
    public Optional<Set<String>> spellings(FinanceEntity entity) {
        Objects.requireNonNull(entity, "entity");
        String key = entity.key().toLowerCase(Locale.ROOT);
        return switch (entity.kind()) {
            case TICKER -> Optional.of(withKeysNaming(Set.of(key), entity.key(), NAMED_ASSETS));
            case CHAIN -> Optional.of(withKeysNaming(withKeysNaming(withKeysNaming(Set.of(), entity.key(), CHAINS),
                    entity.key(), AMBIGUOUS_CHAINS), entity.key(), CHINESE_CHAINS));
            // "EUR/USD", "eur-usd" and "EURUSD" all spell the base currency out.
            case FOREX_PAIR -> Optional.of(Set.of(key.substring(0, 3)));
            case ADDRESS -> Optional.of(Set.of(key));
            case TICKER_PAIR, SCENARIO -> Optional.empty();
        };
    }

    /**
     * The vocabulary key a match of a {@link #wordAlternation} spells: lower case, its words one space
     * apart (the patterns accept any run of white space between them: "BNB   Chain" is "bnb chain").
     */
    private static String vocabularyKey(String match) {
        String lower = match.toLowerCase(Locale.ROOT);
        // Most matches are one word (letters only): no regex for them.
        return lower.chars().allMatch(Character::isLetterOrDigit) ? lower
                : WHITE_SPACE_RUN.matcher(lower).replaceAll(" ");
    }

    /** {@code spellings} plus the first word (lower case) of each key of {@code vocabulary} that maps to {@code value}. */
    private static Set<String> withKeysNaming(Set<String> spellings, String value, Map<String, String> vocabulary) {
        Set<String> all = new HashSet<>(spellings);
        // A key of several words may be spaced out in the text (the patterns allow any run of spaces).
        vocabulary.forEach((k, v) -> {
            if (v.equals(value)) {
                all.add(k.split(" ")[0].toLowerCase(Locale.ROOT));
            }
        });
        return Set.copyOf(all);
    }

    private static void findAddresses(String text, Claims claims) {
        Matcher evm = EVM_ADDRESS.matcher(text);
        while (evm.find()) {
            claims.claim(FinanceEntity.evmAddress(evm.group()), evm.start(), evm.end());
        }
        Matcher bech32 = BECH32_ADDRESS.matcher(text);
        while (bech32.find()) {
            claims.claim(FinanceEntity.address(bech32.group()), bech32.start(), bech32.end());
        }
        Matcher base58 = BASE58_ADDRESS.matcher(text);
        while (base58.find()) {
            // Long plain words and identifiers also fit the base58 alphabet; real keys mix all three classes.
            String candidate = base58.group();
            if (hasDigitUpperAndLower(candidate)) {
                claims.claim(FinanceEntity.address(candidate), base58.start(), base58.end());
            }
        }
    }

    private static void findPairs(String text, Claims claims) {
        Matcher m = PAIR.matcher(text);
        while (m.find()) {
            if (claims.isClaimed(m.start(), m.end())) {
                continue;
            }
            String base = m.group(1);
            String separator = m.group(2);
            String quote = m.group(3);
            String baseUpper = base.toUpperCase(Locale.ROOT);
            String quoteUpper = quote.toUpperCase(Locale.ROOT);
            if (FIAT.contains(baseUpper) && FIAT.contains(quoteUpper) && !baseUpper.equals(quoteUpper)) {
                claims.claim(FinanceEntity.forexPair(baseUpper, quoteUpper), m.start(), m.end());
                continue;
            }
            if (!isTickerCandidate(base)) {
                continue;
            }
            boolean quoteIsPricing = FIAT.contains(quoteUpper) || STABLE_QUOTES.contains(quoteUpper)
                    || CONTRACT_SUFFIXES.contains(quoteUpper);
            // A hyphen also joins ordinary compounds ("ETH-based"), so only a known quote makes it a pair.
            boolean quoteIsAsset = isListed(quote) || (separator.equals("/") && isTickerCandidate(quote));
            if (!quoteIsPricing && !quoteIsAsset) {
                continue;
            }
            claims.claim(FinanceEntity.ticker(baseUpper), m.start(), m.end());
            if (quoteIsAsset && !quoteIsPricing && !quoteUpper.equals(baseUpper)) {
                claims.addWithinClaimed(FinanceEntity.ticker(quoteUpper), m.start(3), m.end(3));
            }
        }
    }

    private static void findCashtags(String text, Claims claims) {
        Matcher m = CASHTAG.matcher(text);
        while (m.find()) {
            String symbol = m.group(1).toUpperCase(Locale.ROOT);
            if (!FIAT.contains(symbol) && !claims.isClaimed(m.start(), m.end())) {
                claims.claim(FinanceEntity.ticker(symbol), m.start(), m.end());
            }
        }
    }

    private static void findChains(String text, TextShape shape, Claims claims) {
        if (shape.hasAnyWordOf(CHAIN_FIRST_WORDS)) {
            forEachKeyMatch(text, CHAIN, CHAIN_FIRST_WORDS, m -> claims.claimIfFree(
                    FinanceEntity.chain(CHAINS.get(vocabularyKey(m.group()))), m.start(), m.end()));
        }
        if (shape.hasAnyWordOf(AMBIGUOUS_CHAIN_WORDS)) {
            forEachKeyMatch(text, AMBIGUOUS_CHAIN, AMBIGUOUS_CHAIN_WORDS, m -> {
                String before = text.substring(Math.max(0, m.start() - CONTEXT_WINDOW), m.start());
                String after = text.substring(m.end(), Math.min(text.length(), m.end() + CONTEXT_WINDOW));
                if (CHAIN_CONTEXT_BEFORE.matcher(before).find() || CHAIN_CONTEXT_AFTER.matcher(after).find()) {
                    String key = AMBIGUOUS_CHAINS.get(vocabularyKey(m.group()));
                    claims.claimIfFree(FinanceEntity.chain(key), m.start(), m.end());
                }
            });
        }
        Matcher chinese = CHINESE_CHAIN.matcher(text);
        while (shape.nonAscii() && chinese.find()) {
            claims.claimIfFree(FinanceEntity.chain(CHINESE_CHAINS.get(chinese.group())), chinese.start(), chinese.end());
        }
    }

    private static void findNamedAssets(String text, TextShape shape, Claims claims) {
        Consumer<Matcher> claim = m -> claims.claimIfFree(
                FinanceEntity.ticker(NAMED_ASSETS.get(vocabularyKey(m.group()))), m.start(), m.end());
        if (shape.nonAscii()) {
            // Keys in other scripts have no ASCII leading word to start from.
            Matcher m = NAMED_ASSET.matcher(text);
            while (m.find()) {
                claim.accept(m);
            }
        } else {
            forEachKeyMatch(text, NAMED_ASSET, NAMED_ASSET_FIRST_WORDS, claim);
        }
    }

    /**
     * The matches {@code find()} would give of {@code alternation} (a {@link #wordAlternation} of ASCII
     * keys), in text order, tried only where a run of letters and digits equal to some key's leading
     * run starts. A match must start at such a run (the alternation's left word edge) and cover it whole
     * (the key's run ends at a space, a symbol or the word edge), so no match is skipped; find() itself
     * would try every key at every position of the text.
     */
    static void forEachKeyMatch(String text, Pattern alternation, Set<String> leadingRuns,
                                        Consumer<Matcher> onMatch) {
        Matcher m = alternation.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        int resumeAt = 0;
        int i = 0;
        while (i < text.length()) {
            if (!isAsciiAlnum(text.charAt(i))) {
                i++;
                continue;
            }
            int end = i + 1;
            while (end < text.length() && isAsciiAlnum(text.charAt(end))) {
                end++;
            }
            if (i >= resumeAt && leadingRuns.contains(text.substring(i, end).toLowerCase(Locale.ROOT))
                    && m.region(i, text.length()).lookingAt()) {
                onMatch.accept(m);
                resumeAt = m.end();
            }
            i = end;
        }
    }

    private static void findBareWords(String text, Claims claims) {
        forEachBareWord(text, (start, end) -> {
            if (!claims.isClaimed(start, end)) {
                boolean afterDigit = start > 0 && Character.isDigit(text.charAt(start - 1));
                classifyWord(text, text.substring(start, end), start, end, afterDigit, claims);
            }
        });
    }

    /** Receives a span of the text. */
    @FunctionalInterface
    interface SpanConsumer {
        void accept(int start, int end);
    }

    /**
     * Each maximal run of 2 to 10 ASCII letters not glued to a letter, {@code _} or {@code $} before it
     * nor to a letter, digit or {@code _} after it: what {@code (?<![A-Za-z_$])[A-Za-z]{2,10}(?![0-9A-Za-z_])}
     * finds, in one scan instead of a regex tried at every position.
     */
    static void forEachBareWord(String text, SpanConsumer onWord) {
        int i = 0;
        while (i < text.length()) {
            if (!isAsciiLetter(text.charAt(i))) {
                i++;
                continue;
            }
            int end = i + 1;
            while (end < text.length() && isAsciiLetter(text.charAt(end))) {
                end++;
            }
            char before = i > 0 ? text.charAt(i - 1) : ' ';
            char after = end < text.length() ? text.charAt(end) : ' ';
            int length = end - i;
            if (length >= 2 && length <= 10 && before != '_' && before != '$' && !isAsciiAlnum(after)
                    && after != '_') {
                onWord.accept(i, end);
            }
            i = end;
        }
    }

    private static boolean isAsciiAlnum(char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9');
    }

    private static void classifyWord(String text, String word, int start, int end, boolean afterDigit, Claims claims) {
        if (!isAllUpper(word)) {
            if (LOWER_CASE_SAFE.contains(word.toLowerCase(Locale.ROOT))) {
                claims.claim(FinanceEntity.ticker(word), start, end);
            }
            return;
        }
        if (word.length() == 6 && FIAT.contains(word.substring(0, 3)) && FIAT.contains(word.substring(3))
                && !word.substring(0, 3).equals(word.substring(3))) {
            claims.claim(FinanceEntity.forexPair(word.substring(0, 3), word.substring(3)), start, end);
            return;
        }
        String concatenatedBase = stripPricingSuffix(word);
        if (concatenatedBase != null && (isListed(concatenatedBase) || (!afterDigit && isTickerCandidate(concatenatedBase)))) {
            claims.claim(FinanceEntity.ticker(concatenatedBase), start, end);
            return;
        }
        if (isListed(word)) {
            claims.claim(FinanceEntity.ticker(word), start, end);
            return;
        }
        // "2FA", "3D", "24H": digits glued to unlisted letters are units and jargon, not symbols.
        if (afterDigit || word.length() > MAX_UNLISTED_TICKER_LENGTH || !isTickerCandidate(word)) {
            return;
        }
        if (!inAllCapsRun(text, start, end) && TradingContext.around(text, start, end)) {
            claims.claim(FinanceEntity.ticker(word), start, end);
        }
    }

    /** "BTCUSDT" -> "BTC", "ETHPERP" -> "ETH"; null when the word carries no pricing suffix. */
    private static String stripPricingSuffix(String word) {
        for (String suffix : STABLE_QUOTES) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 2) {
                return word.substring(0, word.length() - suffix.length());
            }
        }
        for (String suffix : CONTRACT_SUFFIXES) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 2) {
                return word.substring(0, word.length() - suffix.length());
            }
        }
        return null;
    }

    private static boolean isListed(String symbol) {
        return LISTED_TICKERS.contains(symbol.toUpperCase(Locale.ROOT))
                && (isAllUpper(symbol) || LOWER_CASE_SAFE.contains(symbol.toLowerCase(Locale.ROOT)));
    }

    /** Listed, or written in capitals and not a stop word or currency code. */
    private static boolean isTickerCandidate(String symbol) {
        if (isListed(symbol)) {
            return true;
        }
        String upper = symbol.toUpperCase(Locale.ROOT);
        return isAllUpper(symbol) && symbol.length() >= 2 && !STOP_WORDS.contains(upper) && !FIAT.contains(upper)
                && !CONTRACT_SUFFIXES.contains(upper);
    }

    /** Whether a neighbouring word is also an unlisted all-caps word, i.e. the text is shouting. */
    private static boolean inAllCapsRun(String text, int start, int end) {
        return isShoutedWord(previousWord(text, start)) || isShoutedWord(nextWord(text, end));
    }

    private static boolean isShoutedWord(String word) {
        return word.length() >= 2 && isAllUpper(word) && !LISTED_TICKERS.contains(word) && !FIAT.contains(word);
    }

    private static String previousWord(String text, int start) {
        int i = start - 1;
        while (i >= 0 && isWordJoiner(text.charAt(i))) {
            i--;
        }
        int wordEnd = i + 1;
        while (i >= 0 && isAsciiLetter(text.charAt(i))) {
            i--;
        }
        return text.substring(i + 1, wordEnd);
    }

    private static String nextWord(String text, int end) {
        int i = end;
        while (i < text.length() && isWordJoiner(text.charAt(i))) {
            i++;
        }
        int wordStart = i;
        while (i < text.length() && isAsciiLetter(text.charAt(i))) {
            i++;
        }
        return text.substring(wordStart, i);
    }

    /** Spaces and the punctuation that glues words into compounds ("SELF-CUSTODY", "BUY/SELL"). */
    private static boolean isWordJoiner(char c) {
        return c == ' ' || c == '\t' || c == ',' || c == '-' || c == '/';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /** Capitals and digits only, at least one capital. A loop: it runs on every word of every text written. */
    private static boolean isAllUpper(String word) {
        boolean capital = false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                capital = true;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return capital;
    }

    private static boolean hasDigitUpperAndLower(String s) {
        return s.chars().anyMatch(Character::isDigit)
                && s.chars().anyMatch(c -> c >= 'A' && c <= 'Z')
                && s.chars().anyMatch(c -> c >= 'a' && c <= 'z');
    }

    /** The lower-case first word of each ASCII key; keys in other scripts are gated by {@link TextShape#nonAscii}. */
    private static Set<String> firstWords(java.util.Collection<String> keys) {
        return keys.stream().filter(k -> k.chars().allMatch(c -> c < 0x80))
                .map(k -> k.split(" ")[0].toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    private static Pattern wordAlternation(java.util.Collection<String> words) {
        String alternation = words.stream()
                .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()))
                .map(w -> Pattern.quote(w).replace(" ", "\\E\\s+\\Q"))
                .collect(Collectors.joining("|"));
        return Pattern.compile("(?i)" + NOT_ALNUM_BEFORE + "(?:" + alternation + ")" + NOT_ALNUM_AFTER);
    }

    /** Spans already explained by a more specific recogniser. */
    private static final class Claims {
        private final List<EntityMention> mentions = new ArrayList<>();
        private final List<int[]> spans = new ArrayList<>();

        boolean isClaimed(int start, int end) {
            return spans.stream().anyMatch(s -> s[0] < end && start < s[1]);
        }

        void claim(FinanceEntity entity, int start, int end) {
            spans.add(new int[] {start, end});
            mentions.add(new EntityMention(entity, start, end));
        }

        void claimIfFree(FinanceEntity entity, int start, int end) {
            if (!isClaimed(start, end)) {
                claim(entity, start, end);
            }
        }

        /** A second entity inside a span already claimed (the asset quote of "ETH/BTC"). */
        void addWithinClaimed(FinanceEntity entity, int start, int end) {
            mentions.add(new EntityMention(entity, start, end));
        }

        List<EntityMention> inTextOrder() {
            return mentions.stream()
                    .sorted(Comparator.comparingInt(EntityMention::start).thenComparingInt(EntityMention::end))
                    .toList();
        }
    }
}
