package dev.strata.domain.personalization;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A hand-written {@link StrategyRunStore} fake. */
public final class InMemoryStrategyRunStore implements StrategyRunStore {

    private record Row(Tenant tenant, StrategyRun run) {
    }

    private final List<Row> rows = new ArrayList<>();

    @Override
    public synchronized StrategyRun open(Tenant tenant, NewStrategyRun run) {
        boolean running = rows.stream().anyMatch(r -> r.tenant.equals(tenant) && r.run.user().equals(run.user())
                && r.run.strategy().equals(run.strategy()) && r.run.running());
        if (running) {
            throw new ConflictException("strategy " + run.strategy() + " already has a running run",
                    Map.of("strategy_id", run.strategy().value()));
        }
        StrategyRun opened = new StrategyRun(new StrategyRunId(rows.size() + 1L), run.user(), run.strategy(),
                run.allocatedUsd(), run.startedAt(), Optional.empty(), Optional.empty(), Optional.empty());
        rows.add(new Row(tenant, opened));
        return opened;
    }

    @Override
    public synchronized Optional<StrategyRun> find(Tenant tenant, StrategyRunId id) {
        return rows.stream().filter(r -> r.tenant.equals(tenant) && r.run.id().equals(id)).map(Row::run).findFirst();
    }

    @Override
    public synchronized List<StrategyRun> running(Tenant tenant, UserId user) {
        return rows.stream().filter(r -> r.tenant.equals(tenant) && r.run.user().equals(user) && r.run.running())
                .map(Row::run).sorted(Comparator.comparing(StrategyRun::startedAt)
                        .thenComparing(r -> r.id().value())).toList();
    }

    @Override
    public synchronized List<StrategyRun> history(Tenant tenant, UserId user, int limit) {
        return rows.stream().filter(r -> r.tenant.equals(tenant) && r.run.user().equals(user)).map(Row::run)
                .sorted(Comparator.comparing(StrategyRun::startedAt).thenComparing(r -> r.id().value()).reversed())
                .limit(limit).toList();
    }

    @Override
    public synchronized boolean close(Tenant tenant, StrategyRunId id, StopReason reason, Instant stoppedAt,
                                      Optional<BigDecimal> realizedPnlUsd) {
        return replace(tenant, id, r -> r.running() ? new StrategyRun(r.id(), r.user(), r.strategy(), r.allocatedUsd(),
                r.startedAt(), Optional.of(stoppedAt), Optional.of(reason), realizedPnlUsd) : null);
    }

    @Override
    public synchronized boolean backfillPnl(Tenant tenant, StrategyRunId id, BigDecimal realizedPnlUsd) {
        return replace(tenant, id, r -> !r.running() && r.realizedPnlUsd().isEmpty()
                ? new StrategyRun(r.id(), r.user(), r.strategy(), r.allocatedUsd(), r.startedAt(), r.stoppedAt(),
                r.stopReason(), Optional.of(realizedPnlUsd)) : null);
    }

    private boolean replace(Tenant tenant, StrategyRunId id, java.util.function.UnaryOperator<StrategyRun> change) {
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (r.tenant.equals(tenant) && r.run.id().equals(id)) {
                StrategyRun next = change.apply(r.run);
                if (next == null) {
                    return false;
                }
                rows.set(i, new Row(tenant, next));
                return true;
            }
        }
        return false;
    }
}
