package dev.strata.domain.graph;

import static dev.strata.domain.graph.FinanceVocabulary.AMBIGUOUS_CHAINS;
import static dev.strata.domain.graph.FinanceVocabulary.CHAINS;
import static dev.strata.domain.graph.FinanceVocabulary.CHINESE_CHAINS;
import static dev.strata.domain.graph.FinanceVocabulary.CONTRACT_SUFFIXES;
import static dev.strata.domain.graph.FinanceVocabulary.FIAT;
import static dev.strata.domain.graph.FinanceVocabulary.NAMED_ASSETS;
import static dev.strata.domain.graph.FinanceVocabulary.STABLE_QUOTES;

import dev.strata.domain.error.InvalidInputException;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An entity a caller names (an HTTP path segment, a CLI argument), normalised the way the
 * extractor normalises the same entity in text, so that {@code eur/usd} finds the edges written for
 * "EUR/USD", {@code $btc} those for "BTC" and {@code Base} those for "on base". Without a kind the
 * spelling decides: a {@code |} makes a ticker pair, two currency codes a forex pair, an address
 * shape an address, a known chain name a chain, anything else symbol-like a ticker. A scenario is
 * only ever looked up by naming its kind. Every refusal names the field to fix.
 */
public final class EntityInput {

    /** Longer than any address or ticker pair the extractor writes; a key beyond it cannot match. */
    public static final int MAX_KEY_CHARS = 128;

    private static final Pattern SEPARATED_PAIR = Pattern.compile("\\$?([A-Za-z0-9]{1,15})\\s*[/_-]\\s*([A-Za-z0-9]{1,15})");
    private static final Pattern FOREX = Pattern.compile("([A-Za-z]{3})\\s*[/_-]?\\s*([A-Za-z]{3})");
    private static final Pattern SYMBOL = Pattern.compile("\\$?([A-Za-z0-9]{1,15})");
    private static final Pattern EVM_ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern OTHER_ADDRESS =
            Pattern.compile("bc1[02-9ac-hj-np-z]{11,71}|[1-9A-HJ-NP-Za-km-z]{32,44}");

    private EntityInput() {
    }

    /** The kind named by its wire name ({@code ticker}, {@code forex_pair}...). */
    public static EntityKind kind(String wireName) {
        return EntityKind.fromWireName(wireName.strip().toLowerCase(Locale.ROOT)).orElseThrow(() ->
                new InvalidInputException("kind", "must be one of " + Arrays.stream(EntityKind.values())
                        .map(EntityKind::wireName).collect(Collectors.joining(", "))));
    }

    /** The entity {@code key} names, of {@code kind} when given. */
    public static FinanceEntity parse(String key, Optional<EntityKind> kind) {
        if (key == null || key.isBlank()) {
            throw new InvalidInputException("key", "must not be blank");
        }
        String k = key.strip();
        if (k.length() > MAX_KEY_CHARS) {
            throw new InvalidInputException("key", "must be at most " + MAX_KEY_CHARS + " characters");
        }
        if (k.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidInputException("key", "must not contain control characters");
        }
        try {
            return kind.map(kd -> as(kd, k)).orElseGet(() -> inferred(k));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("key", "is not a valid " + kind.map(EntityKind::wireName)
                    .orElse("entity") + " key: " + e.getMessage());
        }
    }

    private static FinanceEntity inferred(String k) {
        if (k.contains("|")) {
            return tickerPair(k);
        }
        Optional<FinanceEntity> forex = forex(k);
        if (forex.isPresent()) {
            return forex.get();
        }
        if (EVM_ADDRESS.matcher(k).matches() || (OTHER_ADDRESS.matcher(k).matches() && hasDigitUpperAndLower(k))) {
            return address(k);
        }
        Optional<String> chain = knownChain(k);
        if (chain.isPresent()) {
            return FinanceEntity.chain(chain.get());
        }
        if (NAMED_ASSETS.containsKey(k.toLowerCase(Locale.ROOT)) || SYMBOL.matcher(k).matches()
                || SEPARATED_PAIR.matcher(k).matches()) {
            return ticker(k);
        }
        throw new InvalidInputException("key", "is not a ticker, chain, address, forex pair or ticker pair "
                + "(give kind to name one explicitly)");
    }

    private static FinanceEntity as(EntityKind kind, String k) {
        return switch (kind) {
            case TICKER -> ticker(k);
            case CHAIN -> FinanceEntity.chain(knownChain(k).orElse(k));
            case FOREX_PAIR -> forex(k).orElseGet(() -> new FinanceEntity(EntityKind.FOREX_PAIR,
                    k.replaceAll("[\\s/_-]", "").toUpperCase(Locale.ROOT)));
            case TICKER_PAIR -> tickerPair(k);
            case ADDRESS -> address(k);
            case SCENARIO -> FinanceEntity.scenario(k);
        };
    }

    /** {@code $btc}, {@code BTC/USDT} and {@code BTC-PERP} are BTC; {@code bitcoin} and 比特币 too. */
    private static FinanceEntity ticker(String k) {
        String named = NAMED_ASSETS.get(k.toLowerCase(Locale.ROOT));
        if (named != null) {
            return FinanceEntity.ticker(named);
        }
        Matcher pair = SEPARATED_PAIR.matcher(k);
        if (pair.matches() && isPricingQuote(pair.group(2))) {
            return FinanceEntity.ticker(pair.group(1));
        }
        Matcher symbol = SYMBOL.matcher(k);
        return FinanceEntity.ticker(symbol.matches() ? symbol.group(1) : k);
    }

    private static boolean isPricingQuote(String quote) {
        String q = quote.toUpperCase(Locale.ROOT);
        return STABLE_QUOTES.contains(q) || CONTRACT_SUFFIXES.contains(q) || FIAT.contains(q);
    }

    /** Two distinct currency codes, with or without a separator: {@code EUR/USD}, {@code eurusd}. */
    private static Optional<FinanceEntity> forex(String k) {
        Matcher m = FOREX.matcher(k);
        if (!m.matches()) {
            return Optional.empty();
        }
        String base = m.group(1).toUpperCase(Locale.ROOT);
        String quote = m.group(2).toUpperCase(Locale.ROOT);
        if (!FIAT.contains(base) || !FIAT.contains(quote) || base.equals(quote)) {
            return Optional.empty();
        }
        return Optional.of(FinanceEntity.forexPair(base, quote));
    }

    /** {@code ETH|BTC} in either order, any case. */
    private static FinanceEntity tickerPair(String k) {
        String[] parts = k.split("\\|", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("a ticker pair is two tickers joined by '|': " + k);
        }
        return FinanceEntity.tickerPair(FinanceEntity.ticker(parts[0].strip()), FinanceEntity.ticker(parts[1].strip()));
    }

    private static FinanceEntity address(String k) {
        return EVM_ADDRESS.matcher(k).matches() ? FinanceEntity.evmAddress(k) : FinanceEntity.address(k);
    }

    private static Optional<String> knownChain(String k) {
        String lower = k.toLowerCase(Locale.ROOT);
        return Optional.ofNullable(CHAINS.get(lower))
                .or(() -> Optional.ofNullable(AMBIGUOUS_CHAINS.get(lower)))
                .or(() -> Optional.ofNullable(CHINESE_CHAINS.get(k)));
    }

    /** As the extractor: long plain words fit the base58 alphabet too; real keys mix all three classes. */
    private static boolean hasDigitUpperAndLower(String s) {
        return s.chars().anyMatch(Character::isDigit) && s.chars().anyMatch(Character::isUpperCase)
                && s.chars().anyMatch(Character::isLowerCase);
    }
}
