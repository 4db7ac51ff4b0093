package dev.strata.domain.trading;

import java.util.Locale;

/** Which way the position a fill belongs to points. */
public enum PositionSide {
    LONG,
    SHORT;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
