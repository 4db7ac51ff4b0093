package dev.strata.domain.learning;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The documented, deterministic asset-class table behind compiled pages and trade validation. An
 * asset the table does not know is unclassified here; the compiled page may still classify it by
 * the tenant's own trades of it. Extending coverage is a one-line data change the tests pin.
 */
public final class AssetClassifier {

    static final Set<String> MAJORS = Set.of("BTC", "ETH", "WBTC", "WETH", "STETH");
    static final Set<String> STABLECOINS = Set.of("USDT", "USDC", "DAI", "BUSD", "FDUSD", "TUSD", "USDE", "PYUSD");
    static final Set<String> MEMES = Set.of("DOGE", "SHIB", "PEPE", "WIF", "BONK", "FLOKI", "TRUMP", "POPCAT");
    static final Set<String> ALTS = Set.of("SOL", "BNB", "XRP", "ADA", "AVAX", "DOT", "MATIC", "POL", "LINK", "UNI",
            "ATOM", "LTC", "BCH", "TRX", "TON", "ARB", "OP", "SUI", "APT", "SEI", "TIA", "INJ", "NEAR", "FIL", "AAVE",
            "MKR", "CRV", "LDO", "RNDR", "RENDER", "FET", "TAO", "JUP", "PYTH", "JTO", "ENA", "ETC", "XLM", "XMR",
            "HBAR", "ICP", "VET", "ALGO", "HYPE", "ONDO", "WLD", "KAS", "STX", "IMX", "GMX", "DYDX", "SNX", "RUNE");
    static final Set<String> STOCKS = Set.of("AAPL", "MSFT", "NVDA", "TSLA", "AMZN", "GOOGL", "GOOG", "META", "NFLX",
            "AMD", "INTC", "COIN", "MSTR", "SPY", "QQQ", "BABA", "TSM", "HOOD", "PLTR");
    static final Set<String> COMMODITIES = Set.of("XAU", "XAG", "GOLD", "SILVER", "OIL", "WTI", "BRENT", "NATGAS",
            "COPPER");
    static final Set<String> PRE_IPO = Set.of("SPACEX", "OPENAI", "STRIPE", "ANTHROPIC", "DATABRICKS");

    private static final Map<AssetClass, Set<String>> TABLE = Map.of(
            AssetClass.CRYPTO_MAJOR, MAJORS, AssetClass.STABLECOIN, STABLECOINS, AssetClass.CRYPTO_MEME, MEMES,
            AssetClass.CRYPTO_ALT, ALTS, AssetClass.STOCKS, STOCKS, AssetClass.COMMODITIES, COMMODITIES,
            AssetClass.PRE_IPO, PRE_IPO);

    private AssetClassifier() {
    }

    /** The class of a listed asset; a forex pair is {@code forex}, or {@code commodities} when it prices a metal. */
    public static Optional<AssetClass> classify(AssetSymbol asset) {
        if (asset.forexPair()) {
            String key = asset.key();
            boolean metal = key.startsWith("XAU") || key.startsWith("XAG");
            return Optional.of(metal ? AssetClass.COMMODITIES : AssetClass.FOREX);
        }
        for (Map.Entry<AssetClass, Set<String>> e : TABLE.entrySet()) {
            if (e.getValue().contains(asset.key())) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }
}
