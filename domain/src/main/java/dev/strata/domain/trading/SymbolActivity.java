package dev.strata.domain.trading;

import java.math.BigDecimal;
import java.util.Objects;

/** How much one symbol was traded in the profile's window. */
public record SymbolActivity(String symbol, long trades, BigDecimal volumeUsd) {

    public SymbolActivity {
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(volumeUsd, "volumeUsd");
    }
}
