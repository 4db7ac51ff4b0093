package dev.strata.domain.learning;

import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A hand-written {@link TradeStore} fake sharing its monitor with the {@link InMemoryMethodologyStore}
 * whose counts it moves, so a score is all-or-nothing as in SQLite: every id is checked before
 * anything is written.
 */
public final class InMemoryTradeStore implements TradeStore {

    private final InMemoryMethodologyStore methodologies;
    private final Map<Long, Trade> trades = new TreeMap<>();
    private final Map<Long, MethodologyCase> cases = new TreeMap<>();
    private long nextTrade = 1;
    private long nextCase = 1;

    public InMemoryTradeStore(InMemoryMethodologyStore methodologies) {
        this.methodologies = methodologies;
    }

    @Override
    public Recorded record(NewTrade t, Optional<CaseDraft> decision, LearningPolicy policy, Instant now) {
        synchronized (methodologies) {
            decision.ifPresent(d -> requireMethodologies(t.tenant(), d));
            Trade trade = new Trade(TradeId.of(nextTrade++), t.tenant(), t.asset(), t.assetClass(), t.side(), t.size(),
                    t.entryPrice(), t.openedAt(), t.close(), Optional.empty());
            trades.put(trade.id().value(), trade);
            return decision.map(d -> addCase(trade, d, policy, now))
                    .orElseGet(() -> new Recorded(trade, Optional.empty(), List.of()));
        }
    }

    @Override
    public Recorded recordCase(Tenant tenant, TradeId tradeId, CaseDraft decision, LearningPolicy policy, Instant now) {
        synchronized (methodologies) {
            Trade trade = findTrade(tenant, tradeId).orElseThrow(() -> new NotFoundException("trade", tradeId.toString()));
            requireMethodologies(tenant, decision);
            return addCase(trade, decision, policy, now);
        }
    }

    private Recorded addCase(Trade trade, CaseDraft d, LearningPolicy policy, Instant now) {
        CaseOutcome outcome = trade.outcome();
        MethodologyCase c = new MethodologyCase(CaseId.of(nextCase++), trade.tenant(), trade.id(), d.methodologies(),
                d.hintHash(), d.decision(), outcome, now, outcome == CaseOutcome.PENDING ? Optional.empty()
                : Optional.of(now));
        cases.put(c.id().value(), c);
        Map<MethodologyId, MethodologyChange> changes = new TreeMap<>(Comparator.comparingLong(MethodologyId::value));
        score(c, CaseOutcome.PENDING, outcome, policy, now, changes);
        return new Recorded(trade, Optional.of(c), List.copyOf(changes.values()));
    }

    private void requireMethodologies(Tenant tenant, CaseDraft d) {
        for (MethodologyId id : d.methodologies()) {
            if (methodologies.find(tenant, id).isEmpty()) {
                throw new NotFoundException("methodology", id.toString());
            }
        }
    }

    private void score(MethodologyCase c, CaseOutcome from, CaseOutcome to, LearningPolicy policy, Instant now,
                       Map<MethodologyId, MethodologyChange> changes) {
        if (from == to) {
            return;
        }
        for (MethodologyId id : c.methodologies()) {
            Methodology before = methodologies.find(c.tenant(), id).orElseThrow();
            Methodology after = before.scored(from, to, policy, now);
            methodologies.put(after);
            MethodologyChange earlier = changes.get(id);
            changes.put(id, new MethodologyChange(earlier == null ? before : earlier.before(), after));
        }
    }

    @Override
    public Closed close(Tenant tenant, TradeId tradeId, TradeClose close, LearningPolicy policy, Instant now) {
        synchronized (methodologies) {
            Trade before = findTrade(tenant, tradeId).orElseThrow(() -> new NotFoundException("trade", tradeId.toString()));
            List<MethodologyCase> mine = cases.values().stream().filter(c -> c.trade().equals(tradeId)
                    && c.tenant().equals(tenant)).toList();
            if (before.close().equals(Optional.of(close))) {
                return new Closed(before, before, mine, List.of(), true);
            }
            Trade after = before.withClose(close);
            trades.put(after.id().value(), after);
            Map<MethodologyId, MethodologyChange> changes = new TreeMap<>(Comparator.comparingLong(MethodologyId::value));
            List<MethodologyCase> updated = new ArrayList<>();
            for (MethodologyCase c : mine) {
                CaseOutcome to = close.outcome();
                if (c.outcome() == to) {
                    updated.add(c);
                    continue;
                }
                score(c, c.outcome(), to, policy, now, changes);
                MethodologyCase scored = new MethodologyCase(c.id(), c.tenant(), c.trade(), c.methodologies(),
                        c.hintHash(), c.decision(), to, c.createdAt(), Optional.of(now));
                cases.put(scored.id().value(), scored);
                updated.add(scored);
            }
            return new Closed(before, after, updated, List.copyOf(changes.values()), false);
        }
    }

    @Override
    public Optional<Trade> findTrade(Tenant tenant, TradeId id) {
        synchronized (methodologies) {
            return Optional.ofNullable(trades.get(id.value())).filter(t -> t.tenant().equals(tenant));
        }
    }

    @Override
    public List<Trade> listTrades(Tenant tenant, Optional<AssetSymbol> asset, int limit) {
        synchronized (methodologies) {
            return trades.values().stream()
                    .filter(t -> t.tenant().equals(tenant) && asset.map(a -> a.equals(t.asset())).orElse(true))
                    .sorted(Comparator.comparing(Trade::openedAt).thenComparing(t -> t.id().value()).reversed())
                    .limit(limit).toList();
        }
    }

    @Override
    public Optional<MethodologyCase> findCase(Tenant tenant, CaseId id) {
        synchronized (methodologies) {
            return Optional.ofNullable(cases.get(id.value())).filter(c -> c.tenant().equals(tenant));
        }
    }

    @Override
    public List<MethodologyCase> listCases(Tenant tenant, CaseFilter filter, int limit) {
        synchronized (methodologies) {
            return cases.values().stream().filter(c -> c.tenant().equals(tenant) && filter.accepts(c))
                    .sorted(Comparator.comparing((MethodologyCase c) -> c.id().value()).reversed())
                    .limit(limit).toList();
        }
    }

    @Override
    public boolean linkOutcomeMemory(Tenant tenant, TradeId trade, MemoryId memory) {
        synchronized (methodologies) {
            Optional<Trade> t = findTrade(tenant, trade);
            t.ifPresent(found -> trades.put(found.id().value(), found.withOutcomeMemory(memory)));
            return t.isPresent();
        }
    }

    @Override
    public List<Tenant> tenantsWithTrades() {
        synchronized (methodologies) {
            return trades.values().stream().map(t -> t.tenant().value()).distinct().sorted().map(Tenant::of).toList();
        }
    }

    @Override
    public List<Tenant> tenantsWithCases(CaseOutcome outcome) {
        synchronized (methodologies) {
            Map<String, Tenant> seen = new LinkedHashMap<>();
            cases.values().stream().filter(c -> c.outcome() == outcome).map(MethodologyCase::tenant)
                    .sorted(Comparator.comparing(Tenant::value)).forEach(t -> seen.putIfAbsent(t.value(), t));
            return List.copyOf(seen.values());
        }
    }
}
