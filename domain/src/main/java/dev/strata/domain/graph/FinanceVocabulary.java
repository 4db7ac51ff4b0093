package dev.strata.domain.graph;

import java.util.Map;
import java.util.Set;

/**
 * The word lists behind {@link FinanceEntityExtractor}. Kept apart so precision tuning (adding a
 * listed ticker, a stop word) is a one-line data change that the tests pin down.
 */
final class FinanceVocabulary {

    private FinanceVocabulary() {
    }

    /** Symbols accepted on sight, even next to digits ("10BTC") or in an all-caps sentence. */
    static final Set<String> LISTED_TICKERS = Set.of(
            // crypto majors and widely traded tokens
            "BTC", "ETH", "SOL", "BNB", "XRP", "ADA", "DOGE", "AVAX", "DOT", "MATIC", "POL", "LINK", "UNI",
            "ATOM", "LTC", "BCH", "TRX", "TON", "SHIB", "PEPE", "WIF", "BONK", "ARB", "OP", "SUI", "APT", "SEI",
            "TIA", "INJ", "NEAR", "FIL", "AAVE", "MKR", "CRV", "LDO", "RNDR", "RENDER", "FET", "TAO", "JUP",
            "PYTH", "JTO", "ENA", "ETC", "XLM", "XMR", "HBAR", "ICP", "VET", "ALGO", "EGLD", "SAND", "MANA",
            "AXS", "GMX", "DYDX", "SNX", "COMP", "SUSHI", "CAKE", "RUNE", "KAS", "STX", "IMX", "BLUR", "WLD",
            "ORDI", "FLOKI", "HYPE", "ONDO", "WBTC", "WETH", "STETH",
            // stablecoins
            "USDT", "USDC", "DAI", "BUSD", "FDUSD", "TUSD", "USDE",
            // equities and ETFs an agent's users commonly trade
            "AAPL", "MSFT", "NVDA", "TSLA", "AMZN", "GOOGL", "GOOG", "META", "NFLX", "AMD", "INTC", "COIN",
            "MSTR", "SPY", "QQQ", "BABA", "TSM", "HOOD", "PLTR");

    /** Listed symbols that are not English words, so lower-case spellings ("bought some btc") count. */
    static final Set<String> LOWER_CASE_SAFE = Set.of(
            "btc", "eth", "sol", "bnb", "xrp", "doge", "avax", "matic", "shib", "pepe", "usdt", "usdc", "ltc",
            "trx", "xmr", "wbtc", "weth", "aave", "nvda", "tsla", "aapl");

    /** Quote currencies that say "priced in", not "this is the asset" (BTC/USDT is about BTC). */
    static final Set<String> STABLE_QUOTES = Set.of("USDT", "USDC", "BUSD", "FDUSD", "TUSD", "DAI", "USDE");

    /** Derivative suffixes: BTC-PERP is BTC. */
    static final Set<String> CONTRACT_SUFFIXES = Set.of("PERP", "PERPS", "PERPETUAL", "SWAP");

    /** ISO 4217 codes (plus spot gold and silver) that form forex pairs; alone they are not tickers. */
    static final Set<String> FIAT = Set.of(
            "USD", "EUR", "GBP", "JPY", "CHF", "AUD", "CAD", "NZD", "CNY", "CNH", "HKD", "SGD", "SEK", "NOK",
            "DKK", "MXN", "ZAR", "TRY", "INR", "KRW", "BRL", "RUB", "PLN", "THB", "TWD", "XAU", "XAG");

    /**
     * Upper-case words that are never tickers: English words people capitalise, acronyms of roles,
     * countries, institutions, indicators and jargon. A miss here is a false ticker, so err long.
     */
    static final Set<String> STOP_WORDS = Set.of(
            "AM", "PM", "AN", "AND", "OR", "NOT", "THE", "TO", "OF", "IN", "ON", "AT", "BY", "FOR", "IS", "IT",
            "BE", "AS", "IF", "SO", "NO", "MY", "ME", "WE", "US", "UK", "EU", "UN", "USA", "UAE", "PRC", "HK",
            "CN", "JP", "SG", "KR", "TW", "CEO", "CFO", "CTO", "COO", "CMO", "CIO", "VP", "HR", "PR", "IR",
            "IPO", "ETF", "ETFS", "AI", "ML", "LLM", "API", "SDK", "UI", "UX", "OK", "FYI", "ASAP", "TBD",
            "TBA", "ETA", "EOD", "EOW", "YTD", "QTD", "MTD", "YOY", "QOQ", "MOM", "GMT", "UTC", "EST", "EDT",
            "PST", "PDT", "CET", "HKT", "NFT", "NFTS", "DEX", "CEX", "DAO", "DEFI", "CEFI", "APR", "APY",
            "TVL", "ATH", "ATL", "FOMO", "FUD", "HODL", "DCA", "PNL", "ROI", "KPI", "OTC", "KYC", "AML",
            "SEC", "CFTC", "FED", "FOMC", "ECB", "BOJ", "PBOC", "CPI", "PPI", "GDP", "PMI", "NFP", "RSI",
            "MACD", "EMA", "SMA", "MA", "VWAP", "ATR", "BB", "OI", "LP", "LPS", "AMM", "MEV", "TPS", "RPC",
            "EVM", "SVM", "ZK", "IMO", "IMHO", "LOL", "WTF", "OMG", "BTW", "TLDR", "TL", "DR", "NB", "PS",
            "FAQ", "PDF", "CSV", "URL", "HTTP", "JSON", "SQL", "NEW", "BUY", "SELL", "LONG", "SHORT", "HOLD",
            "STOP", "TP", "SL", "YES", "ALL", "ANY", "NOW", "HIGH", "LOW", "UP", "DOWN", "BULL", "BEAR",
            "PUMP", "DUMP", "MOON", "NOTE", "ALERT", "DONE", "PLAN", "RISK", "PERP", "PERPS", "SPOT", "SWAP",
            "CEXS", "DEXS", "GM", "GN", "WAGMI", "NGMI", "REKT", "IRL", "DM", "DMS", "RT", "PT", "ID", "TX",
            "TXS", "KB", "MB", "GB", "TB", "OS", "IOS", "PC", "TV", "EV", "EVS", "QA", "CV", "AMA", "ICO", "IDO", "TGE",
            "AUM", "NAV", "EPS", "PE", "ROE", "ROA", "YOLO", "BTFD", "OTM", "ITM", "ATM", "IV", "DD", "TA", "FA",
            "IRA", "ROTH", "NYC", "SF", "LA", "DC", "NY", "SRE", "MVP", "PRD", "OKR", "SLA", "SOP", "PO",
            // engineering, hardware and personal-finance jargon that sits next to numbers in notes
            // ("JWT with 15m expiry", "SSD prices dropped 20%"), issue 12
            "JWT", "SSO", "MFA", "OTP", "CPU", "GPU", "SSD", "HDD", "RAM", "NAS", "VM", "VMS", "VPN", "DNS", "TLS",
            "SSL", "SSH", "CDN", "DB", "CLI", "CI", "CD", "ETL", "ORM", "TTL", "JVM", "GC", "OOM", "AWS", "GCP",
            "IAM", "RDS", "SQS", "ECS", "EKS", "CORS", "CSS", "HTML", "XML", "YAML", "TOML", "SMS", "PIN", "VAT",
            "FX", "RSU", "RSUS", "ESPP", "HSA", "ACH", "NBA", "NFL", "MLB", "NHL");

    /** Chain spellings that cannot be mistaken for ordinary words, mapped to the canonical chain key. */
    static final Map<String, String> CHAINS = Map.ofEntries(
            Map.entry("ethereum", "ethereum"),
            Map.entry("arbitrum one", "arbitrum"),
            Map.entry("arbitrum", "arbitrum"),
            Map.entry("solana", "solana"),
            Map.entry("bsc", "bsc"),
            Map.entry("bnb chain", "bsc"),
            Map.entry("bnb smart chain", "bsc"),
            Map.entry("binance smart chain", "bsc"),
            Map.entry("avalanche", "avalanche"),
            Map.entry("tron", "tron"),
            Map.entry("zksync", "zksync"),
            Map.entry("blast", "blast"),
            Map.entry("hyperliquid", "hyperliquid"));

    /**
     * Chain names that are also everyday English ("the base case", "market optimism"): only a
     * chain when the context says so (see {@link FinanceEntityExtractor}).
     */
    static final Map<String, String> AMBIGUOUS_CHAINS = Map.of(
            "base", "base",
            "optimism", "optimism",
            "polygon", "polygon",
            "linea", "linea",
            "scroll", "scroll");

    /** Chinese names: chains. */
    static final Map<String, String> CHINESE_CHAINS = Map.of(
            "以太坊", "ethereum",
            "索拉纳", "solana",
            "币安智能链", "bsc",
            "币安链", "bsc",
            "波场", "tron",
            "雪崩链", "avalanche");

    /** Chinese names: assets. "Bitcoin" in English is the asset too. */
    static final Map<String, String> NAMED_ASSETS = Map.of(
            "比特币", "BTC",
            "以太币", "ETH",
            "狗狗币", "DOGE",
            "bitcoin", "BTC");
}
