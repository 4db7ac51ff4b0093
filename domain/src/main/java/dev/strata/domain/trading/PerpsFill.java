package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One mirrored perps fill (a row of {@code perps_fills}). {@code dir} is the upstream's direction
 * label ({@code Open Long}, {@code Close Short}, {@code Long > Short}, {@code Liquidation}...);
 * {@code closedPnl} is the P&L the fill realised (zero on an opening fill).
 */
public record PerpsFill(Tenant tenant, SubAccountId subAccount, Optional<String> walletAddress, String oid, Instant at,
                        String symbol, FillSide side, Optional<String> dir, BigDecimal size, BigDecimal price,
                        BigDecimal fee, BigDecimal closedPnl, Optional<String> rawJson, FillUid uid) {

    private static final Pattern SYMBOL = Pattern.compile("[A-Za-z0-9@][A-Za-z0-9@./:_-]*");

    public PerpsFill {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(subAccount, "subAccount");
        if (subAccount.isNone()) {
            throw new InvalidInputException("sub_account_id", "is required for a perps fill");
        }
        walletAddress = Text.optionalToken("wallet_address", Objects.requireNonNull(walletAddress, "walletAddress"), 128);
        oid = Text.token("oid", oid, 128);
        at = checkTime("ts_ms", at);
        symbol = symbol(symbol);
        Objects.requireNonNull(side, "side");
        dir = Text.label("dir", Objects.requireNonNull(dir, "dir"), 32);
        size = Decimals.positive("size", size);
        price = Decimals.positive("price", price);
        fee = Decimals.of("fee", fee);
        closedPnl = Decimals.of("closed_pnl", closedPnl);
        rawJson = Text.rawJson("raw_json", Objects.requireNonNull(rawJson, "rawJson"));
        Objects.requireNonNull(uid, "uid");
    }

    /** A market symbol as the upstream spells it ({@code BTC}, {@code kPEPE}, {@code @107}); matched case-insensitively. */
    public static String symbol(String symbol) {
        if (symbol == null || symbol.isBlank()) {
            throw new InvalidInputException("symbol", "is required");
        }
        String s = symbol.strip();
        if (s.length() > 32 || !SYMBOL.matcher(s).matches()) {
            throw new InvalidInputException("symbol", "must be 1-32 characters: letters, digits or @ . / : _ -");
        }
        return s;
    }

    static Instant checkTime(String field, Instant at) {
        if (at == null) {
            throw new InvalidInputException(field, "is required");
        }
        if (at.isBefore(Instant.EPOCH) || at.isAfter(Instant.parse("9999-12-31T23:59:59Z"))) {
            throw new InvalidInputException(field, "must be a time in milliseconds since 1970 before the year 10000");
        }
        return at.truncatedTo(ChronoUnit.MILLIS);
    }

    /** Notional in dollars: size times price. */
    public BigDecimal notionalUsd() {
        return size.multiply(price);
    }

    public boolean closing() {
        return closing(dir, closedPnl.signum());
    }

    public PositionSide position() {
        return position(side, dir);
    }

    /** {@code open} or {@code close}, as {@code search_user_trades} shows it. */
    public String direction() {
        return closing() ? "close" : "open";
    }

    /**
     * A fill closes (part of) a position when its direction says so ({@code Close ...}, a flip
     * {@code Long > Short}, a liquidation) or, without a direction, when it realised P&L.
     */
    public static boolean closing(Optional<String> dir, int closedPnlSign) {
        if (dir.isEmpty()) {
            return closedPnlSign != 0;
        }
        String d = dir.get().toLowerCase(Locale.ROOT);
        return d.startsWith("close") || d.contains(">") || d.contains("liquidat") || d.contains("settle");
    }

    /**
     * The position a fill trades: the direction named by {@code dir} (after a flip, the new one),
     * else the side (a buy builds a long).
     */
    public static PositionSide position(FillSide side, Optional<String> dir) {
        if (dir.isPresent()) {
            String d = dir.get().toLowerCase(Locale.ROOT);
            int flip = d.lastIndexOf('>');
            String tail = flip >= 0 ? d.substring(flip + 1) : d;
            if (tail.contains("short")) {
                return PositionSide.SHORT;
            }
            if (tail.contains("long")) {
                return PositionSide.LONG;
            }
        }
        return side == FillSide.BUY ? PositionSide.LONG : PositionSide.SHORT;
    }
}
