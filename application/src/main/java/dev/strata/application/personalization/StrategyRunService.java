package dev.strata.application.personalization;

import dev.strata.application.audit.AuditTrail;
import dev.strata.domain.audit.AuditEntry;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.NewStrategyRun;
import dev.strata.domain.personalization.StopReason;
import dev.strata.domain.personalization.StrategyId;
import dev.strata.domain.personalization.StrategyReconcile;
import dev.strata.domain.personalization.StrategyRun;
import dev.strata.domain.personalization.StrategyRunId;
import dev.strata.domain.personalization.StrategyRunStore;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UsdAmount;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The autopilot history (spec 04 "Strategy runs", agent-internal): enabling a fully-managed strategy
 * opens a run, disabling it through the agent closes it as {@code user_manual}, and the reconcile pass
 * — run whenever the agent lists the upstream strategies — closes runs that stopped where the agent
 * could not see it ({@code other}), past the grace window.
 */
public final class StrategyRunService {

    public static final int MAX_HISTORY = 500;

    private final StrategyRunStore store;
    private final PersonalizationPolicy policy;
    private final Clock clock;
    private final AuditTrail audit;

    /** For tests that do not read the audit trail. */
    public StrategyRunService(StrategyRunStore store, PersonalizationPolicy policy, Clock clock) {
        this(store, policy, clock, AuditTrail.DISCARDED);
    }

    /** @param audit the one audit log: every open, stop, P&amp;L back-fill and reconcile close is recorded */
    public StrategyRunService(StrategyRunStore store, PersonalizationPolicy policy, Clock clock, AuditLog audit) {
        this.audit = new AuditTrail(audit);
        this.store = Objects.requireNonNull(store, "store");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** {@link #open(Tenant, UserId, StrategyId, BigDecimal, Actor)} by an unnamed actor (tests of the run rules). */
    public StrategyRun open(Tenant tenant, UserId user, StrategyId strategy, BigDecimal allocatedUsd) {
        return open(tenant, user, strategy, allocatedUsd, Actor.UNKNOWN);
    }

    /** An activation, started now; audited as {@code strategy_run.open}. */
    public StrategyRun open(Tenant tenant, UserId user, StrategyId strategy, BigDecimal allocatedUsd, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        Instant now = clock.instant();
        StrategyRun run = store.open(tenant, new NewStrategyRun(user, strategy, allocatedUsd, now));
        audit.record(new AuditEntry(tenant, "strategy_run.open", "strategy_run:" + run.id(), "strategy " + strategy
                + " opened for user " + user, actor, now));
        return run;
    }

    /** {@link #stop(Tenant, StrategyRunId, StopReason, Optional, Actor)} by an unnamed actor (tests of the run rules). */
    public StrategyRun stop(Tenant tenant, StrategyRunId id, StopReason reason, Optional<BigDecimal> realizedPnlUsd) {
        return stop(tenant, id, reason, realizedPnlUsd, Actor.UNKNOWN);
    }

    /** Closes a running run now; audited as {@code strategy_run.stop}. */
    public StrategyRun stop(Tenant tenant, StrategyRunId id, StopReason reason, Optional<BigDecimal> realizedPnlUsd,
                            Actor actor) {
        Objects.requireNonNull(actor, "actor");
        Optional<BigDecimal> pnl = realizedPnlUsd.map(p -> UsdAmount.any("realized_pnl_usd", p));
        StrategyRun run = get(tenant, id);
        Instant now = clock.instant();
        if (!run.running() || !store.close(tenant, id, reason, now.isBefore(run.startedAt()) ? run.startedAt() : now, pnl)) {
            throw new ConflictException("strategy run " + id + " is already stopped", Map.of("run_id", id.value()));
        }
        audit.record(new AuditEntry(tenant, "strategy_run.stop", "strategy_run:" + id, "stopped: " + reason.wireName()
                + (pnl.isPresent() ? ", realized P&L given" : ""), actor, now));
        return get(tenant, id);
    }

    /** {@link #backfillPnl(Tenant, StrategyRunId, BigDecimal, Actor)} by an unnamed actor (tests of the run rules). */
    public StrategyRun backfillPnl(Tenant tenant, StrategyRunId id, BigDecimal realizedPnlUsd) {
        return backfillPnl(tenant, id, realizedPnlUsd, Actor.UNKNOWN);
    }

    /** Back-fills the realised P&amp;L of a stopped run, once; audited as {@code strategy_run.pnl}. */
    public StrategyRun backfillPnl(Tenant tenant, StrategyRunId id, BigDecimal realizedPnlUsd, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        BigDecimal pnl = UsdAmount.any("realized_pnl_usd", realizedPnlUsd);
        StrategyRun run = get(tenant, id);
        if (run.running()) {
            throw new ConflictException("strategy run " + id + " is still running: its P&L is known once it stops",
                    Map.of("run_id", id.value()));
        }
        if (!store.backfillPnl(tenant, id, pnl)) {
            throw new ConflictException("strategy run " + id + " already has its P&L", Map.of("run_id", id.value()));
        }
        audit.record(new AuditEntry(tenant, "strategy_run.pnl", "strategy_run:" + id, "realized P&L back-filled", actor,
                clock.instant()));
        return get(tenant, id);
    }

    /**
     * Closes, as {@code other}, the user's running runs whose strategy is not in {@code upstreamRunning},
     * except those younger than the grace window. Returns the runs it closed.
     */
    public List<StrategyRun> reconcile(Tenant tenant, UserId user, Set<StrategyId> upstreamRunning) {
        return reconcile(tenant, user, upstreamRunning, Actor.UNKNOWN);
    }

    /** {@link #reconcile(Tenant, UserId, Set)} by {@code actor}: each run it closes is one {@code strategy_run.stop} entry. */
    public List<StrategyRun> reconcile(Tenant tenant, UserId user, Set<StrategyId> upstreamRunning, Actor actor) {
        Objects.requireNonNull(actor, "actor");
        Instant now = clock.instant();
        List<StrategyRun> closed = new ArrayList<>();
        for (StrategyRun run : StrategyReconcile.toClose(store.running(tenant, user), upstreamRunning, now,
                policy.strategyGrace())) {
            // A concurrent stop may have closed it first: then it is not ours to report.
            if (store.close(tenant, run.id(), StopReason.OTHER, now, Optional.empty())) {
                closed.add(get(tenant, run.id()));
                audit.record(new AuditEntry(tenant, "strategy_run.stop", "strategy_run:" + run.id(), "stopped: "
                        + StopReason.OTHER.wireName() + " (reconciled: no longer running upstream)", actor, now));
            }
        }
        return closed;
    }

    public StrategyRun get(Tenant tenant, StrategyRunId id) {
        return store.find(tenant, id).orElseThrow(() -> new NotFoundException("strategy run", id.toString()));
    }

    public List<StrategyRun> running(Tenant tenant, UserId user) {
        return store.running(tenant, user);
    }

    public List<StrategyRun> history(Tenant tenant, UserId user, Optional<Integer> limit) {
        int n = limit.orElse(50);
        if (n < 1 || n > MAX_HISTORY) {
            throw new InvalidInputException("limit", "must be between 1 and " + MAX_HISTORY);
        }
        return store.history(tenant, user, n);
    }
}
