package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A fill as it arrives, pushed by a deployment or pulled from the history source: every field
 * optional until {@link #toFill} checks it, so both paths share one normalisation (the spec's
 * {@code normalize-fill}). Field names in errors are the wire names.
 */
public record FillInput(Optional<String> subAccountId, Optional<String> walletAddress, Optional<String> oid,
                        Optional<Long> tsMs, Optional<String> symbol, Optional<String> side, Optional<String> dir,
                        Optional<BigDecimal> size, Optional<BigDecimal> price, Optional<BigDecimal> fee,
                        Optional<BigDecimal> closedPnl, Optional<String> tid, Optional<String> hash,
                        Optional<String> rawJson) {

    public FillInput {
        Objects.requireNonNull(subAccountId, "subAccountId");
        Objects.requireNonNull(walletAddress, "walletAddress");
        Objects.requireNonNull(oid, "oid");
        Objects.requireNonNull(tsMs, "tsMs");
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(price, "price");
        Objects.requireNonNull(fee, "fee");
        Objects.requireNonNull(closedPnl, "closedPnl");
        Objects.requireNonNull(tid, "tid");
        Objects.requireNonNull(hash, "hash");
        Objects.requireNonNull(rawJson, "rawJson");
    }

    /**
     * The checked fill. {@code sub} is the sub-account the fill was fetched for; a pushed fill names
     * its own. Without raw JSON the dedup key hashes a canonical line of the fields instead.
     */
    public PerpsFill toFill(Tenant tenant, Optional<SubAccountId> sub) {
        SubAccountId account = sub.orElseGet(() -> SubAccountId.of(subAccountId
                .orElseThrow(() -> new InvalidInputException("sub_account_id", "is required"))));
        String orderId = Text.token("oid", oid.orElseThrow(() -> new InvalidInputException("oid", "is required")), 128);
        long ms = tsMs.orElseThrow(() -> new InvalidInputException("ts_ms", "is required"));
        if (ms < 0) {
            throw new InvalidInputException("ts_ms", "must not be negative");
        }
        Instant at = PerpsFill.checkTime("ts_ms", Instant.ofEpochMilli(ms));
        String sym = PerpsFill.symbol(symbol.orElse(null));
        FillSide s = FillSide.parse(side.orElse(null));
        BigDecimal sz = Decimals.positive("size", size.orElse(null));
        BigDecimal px = Decimals.positive("price", price.orElse(null));
        Optional<String> raw = Text.rawJson("raw_json", rawJson);
        String canonical = raw.orElseGet(() -> String.join("|", account.value(), orderId, Long.toString(ms), sym,
                s.wireName(), dir.orElse(""), sz.toPlainString(), px.toPlainString()));
        return new PerpsFill(tenant, account, walletAddress, orderId, at, sym, s, dir, sz, px,
                fee.orElse(BigDecimal.ZERO), closedPnl.orElse(BigDecimal.ZERO), raw,
                FillUid.derive(tid, hash, canonical));
    }
}
