package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One decision the agent made (spec 04's {@code memory.trading-cases}): attributed to one or more of
 * the tenant's methodologies and to the hash of the hint it was shown, linked to the trade whose
 * realised P&L scores it. The trading-cases corpus is append-only for callers: only the trade's
 * outcome changes {@code outcome}.
 */
public record MethodologyCase(CaseId id, Tenant tenant, TradeId trade, List<MethodologyId> methodologies,
                              String hintHash, String decision, CaseOutcome outcome, Instant createdAt,
                              Optional<Instant> scoredAt) {

    public MethodologyCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(trade, "trade");
        methodologies = CaseDraft.checkMethodologies(methodologies);
        hintHash = CaseDraft.checkHintHash(hintHash);
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(scoredAt, "scoredAt");
    }
}
