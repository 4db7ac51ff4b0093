package dev.strata.domain.learning;

public enum TradeSide {
    LONG, SHORT;

    public String wireName() {
        return WireNames.of(this);
    }

    public static TradeSide parse(String field, String raw) {
        return WireNames.parse(TradeSide.class, field, raw, TradeSide::wireName);
    }
}
