package dev.strata.domain.learning;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Driven port: {@code trade_history} and {@code methodology_cases}, and the attribution that ties
 * them to methodologies. Whenever a decision's outcome is set or corrected, the trade, the case
 * and the counts of every methodology it is attributed to change in ONE transaction, so a crash
 * can never leave a scored case with unscored counts or the other way round.
 *
 * <p>Isolation: a case may only name the tenant's own methodologies and trades; a foreign or
 * missing id fails with {@link dev.strata.domain.error.NotFoundException} naming it, and nothing
 * is written.
 */
public interface TradeStore {

    /**
     * Records a trade and, when {@code decision} is given, the decision attributed to it, together.
     * A trade recorded closed scores the decision at once.
     */
    Recorded record(NewTrade trade, Optional<CaseDraft> decision, LearningPolicy policy, Instant now);

    /** Records a decision against an existing trade; scored at once when the trade is already closed. */
    Recorded recordCase(Tenant tenant, TradeId trade, CaseDraft decision, LearningPolicy policy, Instant now);

    /**
     * Closes a trade, or corrects how it closed. Each of its cases moves from its current outcome to
     * the new one and each attributed methodology's counts move by exactly that difference, so a
     * replay (the same close again) changes nothing and a correction (win to loss) moves the counts
     * once. Fails with {@link dev.strata.domain.error.NotFoundException} when there is no such trade.
     */
    Closed close(Tenant tenant, TradeId trade, TradeClose close, LearningPolicy policy, Instant now);

    Optional<Trade> findTrade(Tenant tenant, TradeId id);

    /** Most recently opened first (then highest id); optionally one asset. */
    List<Trade> listTrades(Tenant tenant, Optional<AssetSymbol> asset, int limit);

    Optional<MethodologyCase> findCase(Tenant tenant, CaseId id);

    /** Newest first. */
    List<MethodologyCase> listCases(Tenant tenant, CaseFilter filter, int limit);

    /** Links the {@code trade_outcome} memory written for a closed trade; false when there is no such trade. */
    boolean linkOutcomeMemory(Tenant tenant, TradeId trade, MemoryId memory);

    /** Tenants with at least one case of this outcome (for the synthesis sweep). */
    List<Tenant> tenantsWithCases(CaseOutcome outcome);

    /** The tenants that have recorded trades, by name (the mining job visits them). */
    List<Tenant> tenantsWithTrades();

    /**
     * What a recording wrote: the trade, the decision (if any) and, when it was scored at once, one
     * change per methodology it moved, ordered by methodology id.
     */
    record Recorded(Trade trade, Optional<MethodologyCase> decision, List<MethodologyChange> changes) {
        public Recorded {
            Objects.requireNonNull(trade, "trade");
            Objects.requireNonNull(decision, "decision");
            changes = List.copyOf(changes);
        }
    }

    /**
     * What a close did: the trade before and after, its cases after, and one change per methodology
     * whose counts moved (ordered by id). {@code replayed} when the close was already recorded
     * exactly so and nothing was written.
     */
    record Closed(Trade before, Trade after, List<MethodologyCase> cases, List<MethodologyChange> changes,
                  boolean replayed) {
        public Closed {
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
            cases = List.copyOf(cases);
            changes = List.copyOf(changes);
        }
    }
}
