package dev.strata.application.learning;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.CaseDraft;
import dev.strata.domain.learning.CaseFilter;
import dev.strata.domain.learning.CaseId;
import dev.strata.domain.learning.CaseOutcome;
import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.Money;
import dev.strata.domain.learning.NewTrade;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.learning.TradeClose;
import dev.strata.domain.learning.TradeId;
import dev.strata.domain.learning.TradeSide;
import dev.strata.domain.learning.TradeStore;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryChange;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Trades and the decisions attributed to methodologies. Recording an outcome moves the trade, its
 * cases and every attributed methodology's counts in one store transaction; a replay changes
 * nothing and a correction moves the counts exactly once. A closed trade also gets a
 * {@code trade_outcome} memory in the snapshot's wording (written by the loop, so the loop may keep
 * it in step with corrections; it never touches any other memory).
 */
public final class TradeService {

    private static final System.Logger LOG = System.getLogger(TradeService.class.getName());

    private final TradeStore trades;
    private final MemoryService memories;
    private final LearningAudit audit;
    private final LearningEvents events;
    private final LearningLoopSettings settings;
    private final Clock clock;

    public TradeService(TradeStore trades, MemoryService memories, AuditLog audit, LearningEvents events,
                        LearningLoopSettings settings, Clock clock) {
        this.trades = Objects.requireNonNull(trades, "trades");
        this.memories = Objects.requireNonNull(memories, "memories");
        this.audit = new LearningAudit(audit, clock);
        this.events = Objects.requireNonNull(events, "events");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What a recording wrote (and the outcome memory, when the trade was recorded closed). */
    public record Recording(Trade trade, Optional<MethodologyCase> decision, List<MethodologyChange> changes) {
    }

    /** What an outcome did; {@code replayed} when the same outcome was already recorded and nothing changed. */
    public record OutcomeRecording(Trade trade, List<MethodologyCase> cases, List<MethodologyChange> changes,
                                   boolean replayed) {
    }

    public Recording record(RecordTrade cmd) {
        Instant now = clock.instant();
        AssetSymbol asset = AssetSymbol.parse("asset", cmd.asset());
        AssetClass assetClass = AssetClass.parse("asset_class", cmd.assetClass());
        TradeSide side = TradeSide.parse("side", cmd.side());
        Instant openedAt = cmd.openedAt().orElse(now);
        Optional<TradeClose> close = Optional.empty();
        if (cmd.exitPrice().isPresent()) {
            close = Optional.of(TradeClose.of(side, Money.positive("size", cmd.size()),
                    Money.positive("entry_price", cmd.entryPrice()), cmd.exitPrice().get(), cmd.pnl(),
                    cmd.closedAt().orElse(now)));
        } else if (cmd.pnl().isPresent() || cmd.closedAt().isPresent()) {
            throw new InvalidInputException("exit_price", "is required for a closed trade (pnl or closed_at given)");
        }
        NewTrade trade = new NewTrade(cmd.tenant(), asset, assetClass, side, cmd.size(), cmd.entryPrice(), openedAt,
                close);
        Optional<CaseDraft> decision = draft(cmd.methodologyIds(), cmd.hintHash(), cmd.decision());
        TradeStore.Recorded r = namingFields(decision, () -> trades.record(trade, decision, settings.scoringPolicy(), now));
        audit.record(cmd.tenant(), "trade.record", "trade:" + r.trade().id(), r.trade().side().wireName() + " "
                + Money.text(r.trade().size()) + " " + r.trade().asset().key() + " (" + r.trade().status() + ")");
        r.decision().ifPresent(c -> auditCase(c));
        audit.scored(r.changes(), "trade " + r.trade().id() + " recorded closed", settings);
        Trade stored = r.trade().closed() ? writeOutcomeMemory(r.trade()) : r.trade();
        events.publish(new LearningEvent.TradeRecorded(stored));
        r.changes().forEach(c -> events.publish(new LearningEvent.MethodologyChanged(c.after())));
        return new Recording(stored, r.decision(), r.changes());
    }

    /** {@code POST /v1/cases}: a decision against an existing trade, scored at once when the trade is closed. */
    public Recording recordCase(Tenant tenant, TradeId trade, List<Long> methodologyIds, Optional<String> hintHash,
                                Optional<String> decisionText) {
        CaseDraft decision = draft(methodologyIds, hintHash, decisionText)
                .orElseThrow(() -> new InvalidInputException("methodology_ids", "must name at least one methodology: "
                        + "a case is an attributed decision, never an external fill"));
        TradeStore.Recorded r = namingFields(Optional.of(decision), () -> trades.recordCase(tenant, trade, decision,
                settings.scoringPolicy(), clock.instant()));
        r.decision().ifPresent(this::auditCase);
        audit.scored(r.changes(), "case recorded against closed trade " + trade, settings);
        r.changes().forEach(c -> events.publish(new LearningEvent.MethodologyChanged(c.after())));
        return new Recording(r.trade(), r.decision(), r.changes());
    }

    /**
     * A methodology or trade named in the request body that the tenant does not have is bad input
     * naming its field ({@code methodology_ids[1]}, {@code trade_id}), not a missing resource: the
     * addressed resource is the collection. Another tenant's id reads exactly like a missing one.
     */
    private static <T> T namingFields(Optional<CaseDraft> decision, Supplier<T> call) {
        try {
            return call.get();
        } catch (NotFoundException e) {
            if (e.resource().equals("trade")) {
                throw new InvalidInputException("trade_id", "names no trade of this tenant (" + e.id() + ")");
            }
            if (e.resource().equals("methodology") && decision.isPresent()) {
                List<MethodologyId> ids = decision.get().methodologies();
                for (int i = 0; i < ids.size(); i++) {
                    if (ids.get(i).toString().equals(e.id())) {
                        throw new InvalidInputException("methodology_ids[" + i + "]", "names no methodology of this "
                                + "tenant (" + e.id() + ")");
                    }
                }
            }
            throw e;
        }
    }

    private void auditCase(MethodologyCase c) {
        audit.record(c.tenant(), "case.record", "case:" + c.id(), "trade " + c.trade() + " attributed to methodologies "
                + c.methodologies() + " (hint " + c.hintHash() + ", " + c.outcome().wireName() + ")");
    }

    /** Parses the decision part; empty when no methodology is named and no hint given (a plain trade). */
    private static Optional<CaseDraft> draft(List<Long> ids, Optional<String> hintHash, Optional<String> decision) {
        if (ids.isEmpty() && hintHash.isEmpty()) {
            return Optional.empty();
        }
        List<MethodologyId> parsed = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            Long raw = ids.get(i);
            if (raw == null || raw <= 0) {
                throw new InvalidInputException("methodology_ids[" + i + "]", "must be a positive integer");
            }
            parsed.add(MethodologyId.of(raw));
        }
        return Optional.of(new CaseDraft(parsed, hintHash.orElse(null), decision.orElse("")));
    }

    /**
     * Closes a trade or corrects its close; see the class comment. The counts of every attributed
     * methodology move in the same store transaction as the trade and its cases.
     */
    public OutcomeRecording recordOutcome(RecordOutcome cmd) {
        Trade before = getTrade(cmd.tenant(), cmd.trade());
        Instant now = clock.instant();
        Instant closedAt = cmd.closedAt().or(() -> before.close().map(TradeClose::closedAt)).orElse(now);
        if (closedAt.isBefore(before.openedAt())) {
            throw new InvalidInputException("closed_at", "must not be before opened_at");
        }
        TradeClose close = TradeClose.of(before.side(), before.size(), before.entryPrice(), cmd.exitPrice(), cmd.pnl(),
                closedAt);
        TradeStore.Closed closed = trades.close(cmd.tenant(), cmd.trade(), close, settings.scoringPolicy(), now);
        if (closed.replayed()) {
            Trade trade = closed.after().outcomeMemory().isPresent() ? closed.after() : writeOutcomeMemory(closed.after());
            return new OutcomeRecording(trade, closed.cases(), List.of(), true);
        }
        String verdict = closed.after().outcome().wireName();
        audit.record(cmd.tenant(), "trade.outcome", "trade:" + cmd.trade(), (before.closed() ? "corrected to " : "closed ")
                + verdict + ", P&L " + Money.text(close.pnl()) + " (" + closed.cases().size() + " cases)");
        audit.scored(closed.changes(), "outcome of trade " + cmd.trade(), settings);
        Trade trade = writeOutcomeMemory(closed.after());
        events.publish(new LearningEvent.TradeOutcomeUpdated(before, trade));
        closed.changes().forEach(c -> events.publish(new LearningEvent.MethodologyChanged(c.after())));
        return new OutcomeRecording(trade, closed.cases(), closed.changes(), false);
    }

    /**
     * Writes (or, after a correction, rewrites) the {@code trade_outcome} memory of a closed trade.
     * Only a memory the loop wrote for this trade is ever changed; a failure is logged and the
     * outcome stands (a replay writes the memory again).
     */
    private Trade writeOutcomeMemory(Trade trade) {
        String line = trade.outcomeLine().orElseThrow();
        try {
            Optional<Memory> existing = trade.outcomeMemory().flatMap(id -> ownOutcomeMemory(trade.tenant(), id));
            if (existing.isPresent()) {
                if (!existing.get().content().equals(line)) {
                    memories.update(trade.tenant(), existing.get().id(), new MemoryChange(Optional.of(line),
                            Optional.empty(), trade.close().map(TradeClose::closedAt)), LearningAudit.ACTOR);
                }
                return trade;
            }
            // The outcome happened when the trade closed, which may be long before it was recorded.
            Memory written = memories.write(new WriteMemory(trade.tenant(), Category.TRADE_OUTCOME.value(), line,
                    new Metadata("{\"trade_id\":" + trade.id().value() + "}"), Optional.of(Source.AGENT_RECORDED),
                    LearningAudit.ORIGIN, trade.close().map(TradeClose::closedAt)));
            trades.linkOutcomeMemory(trade.tenant(), trade.id(), written.id());
            return trade.withOutcomeMemory(written.id());
        } catch (DomainException e) {
            LOG.log(System.Logger.Level.WARNING, "could not write the trade_outcome memory of trade {0}: {1}",
                    trade.id(), e.getMessage());
            return trade;
        }
    }

    private Optional<Memory> ownOutcomeMemory(Tenant tenant, MemoryId id) {
        try {
            Memory m = memories.get(tenant, id);
            return m.source() == Source.AGENT_RECORDED && m.category().equals(Category.TRADE_OUTCOME)
                    && m.isActive() ? Optional.of(m) : Optional.empty();
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    public Trade getTrade(Tenant tenant, TradeId id) {
        return trades.findTrade(tenant, id).orElseThrow(() -> new NotFoundException("trade", id.toString()));
    }

    /** Most recently opened first; optionally one asset (any spelling: {@code $btc}, {@code EUR/USD}). */
    public List<Trade> listTrades(Tenant tenant, Optional<String> asset, Optional<Integer> limit) {
        return trades.listTrades(tenant, asset.map(a -> AssetSymbol.parse("asset", a)), Limits.of(limit, settings));
    }

    public MethodologyCase getCase(Tenant tenant, CaseId id) {
        return trades.findCase(tenant, id).orElseThrow(() -> new NotFoundException("case", id.toString()));
    }

    /** Newest first; optionally of one trade, one methodology and one outcome ({@code pending|win|loss}). */
    public List<MethodologyCase> listCases(Tenant tenant, Optional<String> trade, Optional<String> methodology,
                                           Optional<String> outcome, Optional<Integer> limit) {
        CaseFilter filter = new CaseFilter(trade.map(t -> TradeId.parse("trade_id", t)),
                methodology.map(m -> MethodologyId.parse("methodology_id", m)),
                outcome.map(o -> CaseOutcome.parse("outcome", o)));
        return trades.listCases(tenant, filter, Limits.of(limit, settings));
    }
}
