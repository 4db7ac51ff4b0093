package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;

import java.util.Locale;

/** The side of a fill: the upstream's {@code B} (bid, buy) or {@code A} (ask, sell). */
public enum FillSide {
    BUY,
    SELL;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static FillSide parse(String wire) {
        if (wire != null) {
            switch (wire.strip().toLowerCase(Locale.ROOT)) {
                case "b", "buy", "bid" -> {
                    return BUY;
                }
                case "a", "sell", "ask" -> {
                    return SELL;
                }
                default -> {
                }
            }
        }
        throw new InvalidInputException("side", "must be buy or sell (B or A)");
    }
}
