package dev.strata.domain.learning;

/**
 * What a learned preference is about. A closed vocabulary, so mining, the model and callers file
 * the same preference under the same dimension and dedup can find it.
 */
public enum PreferenceDimension {
    RISK, LEVERAGE, POSITION_SIZE, STOP_LOSS, TAKE_PROFIT, SLIPPAGE, CHAIN, ASSET, ASSET_CLASS, DIRECTION, TIMEFRAME,
    ORDER_TYPE, GENERAL;

    public String wireName() {
        return WireNames.of(this);
    }

    public static PreferenceDimension parse(String field, String raw) {
        return WireNames.parse(PreferenceDimension.class, field, raw, PreferenceDimension::wireName);
    }
}
