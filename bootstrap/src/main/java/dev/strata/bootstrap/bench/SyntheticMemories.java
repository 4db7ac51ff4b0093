package dev.strata.bootstrap.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Deterministic synthetic agent memories in the finance domain: the same seed yields the same
 * corpus, so two runs (or Strata and the raw baseline) measure the same data.
 */
final class SyntheticMemories {

    static final String[] CATEGORIES = {"preference", "observation", "trade_outcome", "lesson", "alert", "reference",
            "decision", "context"};
    private static final String[] ASSETS = {"BTC", "ETH", "SOL", "ARB", "OP", "AVAX", "LINK", "UNI", "AAVE", "DOGE",
            "PEPE", "WIF", "TIA", "SUI", "APT", "NEAR", "MATIC", "ATOM", "DOT", "ADA"};
    private static final String[] CHAINS = {"base", "arbitrum", "solana", "ethereum", "optimism", "polygon", "bsc"};
    private static final String[] VERBS = {"prefers", "avoids", "watches", "trades", "holds", "exited", "bought",
            "sold", "researched", "rebalanced"};
    private static final String[] TOPICS = {"slippage", "stop-loss", "take-profit", "leverage", "funding rate",
            "gas fees", "liquidity", "volatility", "drawdown", "position sizing", "weekly charts", "daily charts",
            "limit orders", "market orders", "bridges", "airdrops", "staking yield", "impermanent loss",
            "ETF inflows", "macro news", "earnings season", "risk budget", "portfolio allocation", "meme coins"};
    private static final String[] TEMPLATES = {
        "user %s %s on %s and mentions %s often",
        "the user %s %s when %s is involved, especially on %s",
        "noted: user %s %s during the %s rally, citing %s",
        "lesson: %s %s after a bad week on %s; check %s first",
        "reminder that the user %s %s and keeps %s under control on %s",
    };

    private final SplittableRandom random;

    SyntheticMemories(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** A uniform draw in {@code [0, bound)} from the same seeded stream. */
    int roll(int bound) {
        return random.nextInt(bound);
    }

    String category() {
        return CATEGORIES[random.nextInt(CATEGORIES.length)];
    }

    String content() {
        String template = TEMPLATES[random.nextInt(TEMPLATES.length)];
        String text = String.format(template, pick(VERBS), pick(ASSETS), pick(TOPICS), pick(CHAINS));
        if (random.nextInt(3) == 0) {
            text += String.format(" (%d.%d%% on %s, size %d)", random.nextInt(10), random.nextInt(10), pick(CHAINS),
                    100 + random.nextInt(9_900));
        }
        return text;
    }

    /** Natural-language questions an agent would ask of such memories. */
    static List<String> queries() {
        List<String> queries = new ArrayList<>(List.of(
                "what slippage does the user like?",
                "which chain does the user prefer for swaps",
                "stop-loss lessons on BTC",
                "does the user avoid meme coins",
                "funding rate on arbitrum",
                "ETH position sizing",
                "what happened during the SOL rally",
                "gas fees on ethereum",
                "leverage and drawdown rules",
                "weekly charts or daily charts",
                "staking yield on solana",
                "ETF inflows news",
                "limit orders versus market orders",
                "impermanent loss on uniswap liquidity",
                "which assets did the user sell",
                "risk budget and portfolio allocation"));
        return List.copyOf(queries);
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }
}
