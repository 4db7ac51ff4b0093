package dev.strata.application.trading;

import java.time.Duration;

/**
 * Bounds of the mirror's use cases: the largest pushed batch, the trading profile's window and how
 * many top symbols it names, and {@code search_user_trades}' default and largest page.
 */
public record TradingLimits(int maxBatchSize, Duration profileWindow, int topSymbols, int defaultTradesLimit,
                              int maxTradesLimit) {

    public static TradingLimits defaults() {
        return new TradingLimits(1_000, Duration.ofDays(30), 5, 20, 100);
    }

    public TradingLimits {
        if (maxBatchSize < 1 || topSymbols < 1 || defaultTradesLimit < 1 || maxTradesLimit < defaultTradesLimit) {
            throw new IllegalArgumentException("batch size, top symbols and limits must be positive, the default "
                    + "limit at most the largest");
        }
        if (profileWindow.isNegative() || profileWindow.isZero()) {
            throw new IllegalArgumentException("the profile window must be positive");
        }
    }

    public TradingLimits withMaxBatchSize(int value) {
        return new TradingLimits(value, profileWindow, topSymbols, defaultTradesLimit, maxTradesLimit);
    }

    public TradingLimits withProfileWindow(Duration value) {
        return new TradingLimits(maxBatchSize, value, topSymbols, defaultTradesLimit, maxTradesLimit);
    }
}
