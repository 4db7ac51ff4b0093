package dev.strata.application.learning;

import dev.strata.domain.learning.TradeId;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Command: a trade's outcome ({@code POST /v1/trades/{id}/outcome}). Without {@code pnl} the realised
 * P&L is the price move times the size; without {@code closedAt} a closed trade keeps its close time
 * (so a replay is recognised) and an open one closes now.
 */
public record RecordOutcome(Tenant tenant, TradeId trade, BigDecimal exitPrice, Optional<BigDecimal> pnl,
                            Optional<Instant> closedAt) {

    public RecordOutcome {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(trade, "trade");
        pnl = pnl == null ? Optional.empty() : pnl;
        closedAt = closedAt == null ? Optional.empty() : closedAt;
    }
}
