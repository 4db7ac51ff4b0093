package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.AssetClassifier;
import dev.strata.domain.learning.AssetSymbol;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * spec 04's markets updater classification: the market (a value of the {@code markets} tag) a traded
 * symbol belongs to, through the learning loop's one asset table, so the two never disagree. A
 * symbol the table does not know, a stablecoin, a forex pair or a spot index ({@code @107}) names no
 * market: the updater only ever adds what it is sure of.
 */
public final class MarketClassifier {

    private static final Pattern NOT_ALNUM = Pattern.compile("[^A-Za-z0-9]+");

    private MarketClassifier() {
    }

    /** The market of one symbol; Hyperliquid's per-thousand names ({@code kPEPE}) are their coin. */
    public static Optional<String> market(String symbol) {
        if (symbol == null || symbol.isBlank()) {
            return Optional.empty();
        }
        String s = symbol.strip();
        if (s.length() > 1 && s.charAt(0) == 'k' && Character.isUpperCase(s.charAt(1))) {
            s = s.substring(1);
        }
        AssetSymbol asset;
        try {
            asset = AssetSymbol.parse("symbol", s);
        } catch (InvalidInputException e) {
            return Optional.empty();
        }
        return AssetClassifier.classify(asset).flatMap(MarketClassifier::market);
    }

    /**
     * The markets a strategy trades, read from the words of its name ({@code btc-eth-grid} trades
     * BTC and ETH): the strategy history keeps only the upstream name, not its instruments.
     */
    public static Set<String> marketsOfName(String name) {
        Set<String> out = new LinkedHashSet<>();
        for (String word : NOT_ALNUM.split(name == null ? "" : name)) {
            market(word).ifPresent(out::add);
        }
        return out;
    }

    static Optional<String> market(AssetClass assetClass) {
        return switch (assetClass) {
            case CRYPTO_MAJOR -> Optional.of("crypto_majors");
            case CRYPTO_ALT -> Optional.of("crypto_alts");
            case CRYPTO_MEME -> Optional.of("memes");
            case STOCKS -> Optional.of("stocks");
            case COMMODITIES -> Optional.of("commodities");
            case PRE_IPO -> Optional.of("pre_ipo");
            case STABLECOIN, FOREX, PERPS -> Optional.empty();
        };
    }
}
