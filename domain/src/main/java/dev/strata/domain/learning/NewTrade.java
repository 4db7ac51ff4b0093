package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * A trade about to be recorded, open or already closed. The asset class must fit what the
 * {@link AssetClassifier} knows of the asset (BTC may be {@code crypto_major} or {@code perps},
 * never {@code stocks}), so the compiled page can trust it.
 */
public record NewTrade(Tenant tenant, AssetSymbol asset, AssetClass assetClass, TradeSide side, BigDecimal size,
                       BigDecimal entryPrice, Instant openedAt, Optional<TradeClose> close) {

    public NewTrade {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(assetClass, "asset_class");
        Objects.requireNonNull(side, "side");
        size = Money.positive("size", size);
        entryPrice = Money.positive("entry_price", entryPrice);
        openedAt = Objects.requireNonNull(openedAt, "openedAt").truncatedTo(ChronoUnit.MILLIS);
        Objects.requireNonNull(close, "close");
        AssetClassifier.classify(asset).ifPresent(known -> {
            if (!assetClass.covers(known)) {
                throw new InvalidInputException("asset_class", asset.key() + " is " + known.wireName() + ", not "
                        + assetClass.wireName());
            }
        });
        if (close.isPresent() && close.get().closedAt().isBefore(openedAt)) {
            throw new InvalidInputException("closed_at", "must not be before opened_at");
        }
    }
}
