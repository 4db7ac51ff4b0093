package dev.strata.domain.learning;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * One in-session trade of {@code trade_history}. Open until it has a {@link TradeClose}; a closed
 * trade's realised P&L decides the outcome of every decision attributed to it. {@code outcomeMemory}
 * is the {@code trade_outcome} memory written when it closed.
 */
public record Trade(TradeId id, Tenant tenant, AssetSymbol asset, AssetClass assetClass, TradeSide side, BigDecimal size,
                    BigDecimal entryPrice, Instant openedAt, Optional<TradeClose> close, Optional<MemoryId> outcomeMemory) {

    public Trade {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(assetClass, "assetClass");
        Objects.requireNonNull(side, "side");
        size = Money.positive("size", size);
        entryPrice = Money.positive("entry_price", entryPrice);
        openedAt = Objects.requireNonNull(openedAt, "openedAt").truncatedTo(ChronoUnit.MILLIS);
        Objects.requireNonNull(close, "close");
        Objects.requireNonNull(outcomeMemory, "outcomeMemory");
    }

    public boolean closed() {
        return close.isPresent();
    }

    public String status() {
        return closed() ? "closed" : "open";
    }

    /** {@link CaseOutcome#PENDING} while open. */
    public CaseOutcome outcome() {
        return close.map(TradeClose::outcome).orElse(CaseOutcome.PENDING);
    }

    public Trade withClose(TradeClose newClose) {
        return new Trade(id, tenant, asset, assetClass, side, size, entryPrice, openedAt, Optional.of(newClose),
                outcomeMemory);
    }

    public Trade withOutcomeMemory(MemoryId memory) {
        return new Trade(id, tenant, asset, assetClass, side, size, entryPrice, openedAt, close, Optional.of(memory));
    }

    /**
     * The {@code trade_outcome} memory line in the snapshot's wording (spec 01):
     * {@code long ETH from $3200, closed at $3450, +7.8%}. Forex prices carry no dollar sign.
     */
    public Optional<String> outcomeLine() {
        return close.map(c -> {
            String unit = assetClass == AssetClass.FOREX ? "" : "$";
            BigDecimal pct = TradeClose.returnPercent(side, entryPrice, c.exitPrice());
            String signed = (pct.signum() >= 0 ? "+" : "") + pct.toPlainString() + "%";
            return side.wireName() + " " + asset.key() + " from " + unit + Money.text(entryPrice) + ", closed at "
                    + unit + Money.text(c.exitPrice()) + ", " + signed;
        });
    }
}
