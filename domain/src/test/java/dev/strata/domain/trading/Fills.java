package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/** Test fixtures: fills and spot activities with sensible defaults. */
public final class Fills {

    public static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    private Fills() {
    }

    /** An input as the upstream sends it (Hyperliquid's fields), for the normalisation paths. */
    public static FillInput input(String sub, String tid, long tsMs, String symbol, String side, String dir, String size,
                                  String price, String closedPnl) {
        return new FillInput(Optional.ofNullable(sub), Optional.empty(), Optional.of("o-" + tid), Optional.of(tsMs),
                Optional.of(symbol), Optional.of(side), Optional.ofNullable(dir), Optional.of(new BigDecimal(size)),
                Optional.of(new BigDecimal(price)), Optional.of(new BigDecimal("0.01")),
                Optional.of(new BigDecimal(closedPnl)), Optional.ofNullable(tid), Optional.empty(),
                Optional.of("{\"tid\":\"" + tid + "\",\"coin\":\"" + symbol + "\"}"));
    }

    public static PerpsFill fill(Tenant tenant, String sub, String tid, Instant at, String symbol, FillSide side,
                                 String dir, String size, String price, String closedPnl) {
        return new PerpsFill(tenant, SubAccountId.of(sub), Optional.of("0xwallet"), "o-" + tid, at, symbol, side,
                Optional.ofNullable(dir), new BigDecimal(size), new BigDecimal(price), new BigDecimal("0.05"),
                new BigDecimal(closedPnl), Optional.of("{\"tid\":\"" + tid + "\"}"),
                FillUid.derive(Optional.of(tid), Optional.empty(), ""));
    }

    public static PerpsFill open(Tenant tenant, String tid, Instant at, String symbol) {
        return fill(tenant, "sub-1", tid, at, symbol, FillSide.BUY, "Open Long", "0.5", "60000", "0");
    }

    public static SpotActivity spot(Tenant tenant, String txHash, Instant at) {
        return new SpotActivity(tenant, txHash, at, "swap", Optional.of("USDC"), Optional.of("ETH"),
                Optional.of("1500.123456789012345678"), Optional.of(new BigDecimal("1500.12")), "completed",
                Optional.of("{\"tx\":\"" + txHash + "\"}"));
    }
}
