package dev.strata.adapters.http.learning;

import dev.strata.domain.learning.Money;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeClose;
import dev.strata.domain.memory.MemoryId;

import java.time.Instant;
import java.util.Optional;

/**
 * A trade. Amounts are exact decimal text (no binary rounding); the close fields and the
 * {@code trade_outcome} memory's id appear once the trade is closed.
 */
public record TradeView(long id, String asset, String assetClass, String side, String size, String entryPrice,
                        Optional<String> exitPrice, Optional<String> pnl, String status, String outcome,
                        Instant openedAt, Optional<Instant> closedAt, Optional<Long> outcomeMemoryId) {

    public static TradeView of(Trade t) {
        Optional<TradeClose> close = t.close();
        return new TradeView(t.id().value(), t.asset().key(), t.assetClass().wireName(), t.side().wireName(),
                Money.text(t.size()), Money.text(t.entryPrice()), close.map(c -> Money.text(c.exitPrice())),
                close.map(c -> Money.text(c.pnl())), t.status(), t.outcome().wireName(), t.openedAt(),
                close.map(TradeClose::closedAt), t.outcomeMemory().map(MemoryId::value));
    }
}
