package dev.strata.application.learning;

import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Command: record an in-session trade ({@code POST /v1/trades}), optionally closed already, and
 * optionally the decision behind it: with {@code methodologyIds} (and the hint hash) the case is
 * recorded in the same transaction. Raw values; the service parses them and names bad fields.
 */
public record RecordTrade(Tenant tenant, String asset, String assetClass, String side, BigDecimal size,
                          BigDecimal entryPrice, Optional<Instant> openedAt, Optional<BigDecimal> exitPrice,
                          Optional<BigDecimal> pnl, Optional<Instant> closedAt, List<Long> methodologyIds,
                          Optional<String> hintHash, Optional<String> decision) {

    public RecordTrade {
        Objects.requireNonNull(tenant, "tenant");
        openedAt = openedAt == null ? Optional.empty() : openedAt;
        exitPrice = exitPrice == null ? Optional.empty() : exitPrice;
        pnl = pnl == null ? Optional.empty() : pnl;
        closedAt = closedAt == null ? Optional.empty() : closedAt;
        methodologyIds = methodologyIds == null ? List.of() : List.copyOf(methodologyIds);
        hintHash = hintHash == null ? Optional.empty() : hintHash;
        decision = decision == null ? Optional.empty() : decision;
    }
}
