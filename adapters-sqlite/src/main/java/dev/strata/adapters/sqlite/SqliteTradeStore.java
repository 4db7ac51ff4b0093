package dev.strata.adapters.sqlite;

import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.learning.AssetClass;
import dev.strata.domain.learning.AssetSymbol;
import dev.strata.domain.learning.CaseDraft;
import dev.strata.domain.learning.CaseFilter;
import dev.strata.domain.learning.CaseId;
import dev.strata.domain.learning.CaseOutcome;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.Methodology;
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
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbExecute;
import io.helidon.dbclient.DbRow;
import io.helidon.dbclient.DbTransaction;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@link TradeStore} on {@code trade_history}, {@code methodology_cases} and
 * {@code methodology_case_links} (migration 12). Scoring reads and writes {@code methodologies}
 * inside the same transaction as the case and the trade, so a scored case and its counts commit or
 * roll back together.
 */
public final class SqliteTradeStore implements TradeStore {

    private static final String TRADE_COLUMNS = "id, tenant, asset, forex_pair, asset_class, side, size, entry_price, "
            + "COALESCE(exit_price, '') AS exit_price, COALESCE(pnl, '') AS pnl, opened_at, "
            + "COALESCE(closed_at, '') AS closed_at, COALESCE(outcome_memory_id, 0) AS outcome_memory_id";
    private static final String CASE_COLUMNS = "c.id, c.tenant, c.trade_id, c.methodology_ids, c.hint_hash, c.decision, "
            + "c.outcome, c.created_at, COALESCE(c.scored_at, '') AS scored_at";

    private final DbClient db;

    public SqliteTradeStore(SqliteDatabase database) {
        this.db = database.dbClient();
    }

    @Override
    public Recorded record(NewTrade t, Optional<CaseDraft> decision, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("record the trade", tx -> {
            decision.ifPresent(d -> requireMethodologies(tx, t.tenant(), d));
            String ts = Timestamps.format(at);
            tx.insert("INSERT INTO trade_history(tenant, asset, forex_pair, asset_class, side, size, entry_price, "
                            + "exit_price, pnl, opened_at, closed_at, status, created_at, updated_at) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    t.tenant().value(), t.asset().key(), t.asset().forexPair() ? 1 : 0, t.assetClass().wireName(),
                    t.side().wireName(), Money.text(t.size()), Money.text(t.entryPrice()),
                    t.close().map(c -> Money.text(c.exitPrice())).orElse(null),
                    t.close().map(c -> Money.text(c.pnl())).orElse(null), Timestamps.format(t.openedAt()),
                    t.close().map(c -> Timestamps.format(c.closedAt())).orElse(null),
                    t.close().isPresent() ? "closed" : "open", ts, ts);
            long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
            Trade trade = new Trade(TradeId.of(id), t.tenant(), t.asset(), t.assetClass(), t.side(), t.size(),
                    t.entryPrice(), t.openedAt(), t.close(), Optional.empty());
            return decision.map(d -> addCase(tx, trade, d, policy, at))
                    .orElseGet(() -> new Recorded(trade, Optional.empty(), List.of()));
        });
    }

    @Override
    public Recorded recordCase(Tenant tenant, TradeId tradeId, CaseDraft decision, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("record the case", tx -> {
            Trade trade = findTradeIn(tx, tenant, tradeId)
                    .orElseThrow(() -> new NotFoundException("trade", tradeId.toString()));
            requireMethodologies(tx, tenant, decision);
            return addCase(tx, trade, decision, policy, at);
        });
    }

    /** Every id must be one of the tenant's methodologies; the first that is not is named and nothing is written. */
    private static void requireMethodologies(DbExecute tx, Tenant tenant, CaseDraft d) {
        for (MethodologyId id : d.methodologies()) {
            if (tx.get("SELECT 1 AS found FROM methodologies WHERE tenant = ? AND id = ?", tenant.value(), id.value())
                    .isEmpty()) {
                throw new NotFoundException("methodology", id.toString());
            }
        }
    }

    private static Recorded addCase(DbExecute tx, Trade trade, CaseDraft d, LearningPolicy policy, Instant at) {
        CaseOutcome outcome = trade.outcome();
        String ts = Timestamps.format(at);
        String ids = d.methodologies().stream().map(MethodologyId::toString).collect(Collectors.joining(","));
        tx.insert("INSERT INTO methodology_cases(tenant, trade_id, methodology_ids, hint_hash, decision, outcome, "
                        + "created_at, scored_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", trade.tenant().value(),
                trade.id().value(), ids, d.hintHash(), d.decision(), outcome.wireName(), ts,
                outcome == CaseOutcome.PENDING ? null : ts);
        long id = Columns.longValue(tx.get("SELECT last_insert_rowid() AS id").orElseThrow(), "id");
        for (MethodologyId m : d.methodologies()) {
            tx.insert("INSERT INTO methodology_case_links(tenant, case_id, methodology_id) VALUES (?, ?, ?)",
                    trade.tenant().value(), id, m.value());
        }
        MethodologyCase c = new MethodologyCase(CaseId.of(id), trade.tenant(), trade.id(), d.methodologies(),
                d.hintHash(), d.decision(), outcome, at, outcome == CaseOutcome.PENDING ? Optional.empty()
                : Optional.of(at));
        Map<MethodologyId, MethodologyChange> changes = newChanges();
        score(tx, c, CaseOutcome.PENDING, outcome, policy, at, changes);
        return new Recorded(trade, Optional.of(c), List.copyOf(changes.values()));
    }

    private static Map<MethodologyId, MethodologyChange> newChanges() {
        return new TreeMap<>(Comparator.comparingLong(MethodologyId::value));
    }

    /** Moves each attributed methodology by the difference between the two outcomes. */
    private static void score(DbExecute tx, MethodologyCase c, CaseOutcome from, CaseOutcome to, LearningPolicy policy,
                              Instant at, Map<MethodologyId, MethodologyChange> changes) {
        if (from == to) {
            return;
        }
        for (MethodologyId id : c.methodologies()) {
            Methodology before = SqliteMethodologyStore.findIn(tx, c.tenant(), id)
                    .orElseThrow(() -> new NotFoundException("methodology", id.toString()));
            Methodology after = before.scored(from, to, policy, at);
            SqliteMethodologyStore.writeScore(tx, after);
            MethodologyChange earlier = changes.get(id);
            changes.put(id, new MethodologyChange(earlier == null ? before : earlier.before(), after));
        }
    }

    @Override
    public Closed close(Tenant tenant, TradeId tradeId, TradeClose close, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return inTransaction("record the trade outcome", tx -> {
            Trade before = findTradeIn(tx, tenant, tradeId)
                    .orElseThrow(() -> new NotFoundException("trade", tradeId.toString()));
            List<MethodologyCase> cases = queryCases(tx, "SELECT " + CASE_COLUMNS + " FROM methodology_cases c "
                    + "WHERE c.tenant = ? AND c.trade_id = ? ORDER BY c.id", tenant.value(), tradeId.value());
            if (before.close().equals(Optional.of(close))) {
                return new Closed(before, before, cases, List.of(), true);
            }
            tx.update("UPDATE trade_history SET exit_price = ?, pnl = ?, closed_at = ?, status = 'closed', updated_at = ? "
                            + "WHERE tenant = ? AND id = ?", Money.text(close.exitPrice()), Money.text(close.pnl()),
                    Timestamps.format(close.closedAt()), Timestamps.format(at), tenant.value(), tradeId.value());
            Map<MethodologyId, MethodologyChange> changes = newChanges();
            List<MethodologyCase> updated = new ArrayList<>(cases.size());
            CaseOutcome to = close.outcome();
            for (MethodologyCase c : cases) {
                if (c.outcome() == to) {
                    updated.add(c);
                    continue;
                }
                tx.update("UPDATE methodology_cases SET outcome = ?, scored_at = ? WHERE tenant = ? AND id = ?",
                        to.wireName(), Timestamps.format(at), tenant.value(), c.id().value());
                score(tx, c, c.outcome(), to, policy, at, changes);
                updated.add(new MethodologyCase(c.id(), c.tenant(), c.trade(), c.methodologies(), c.hintHash(),
                        c.decision(), to, c.createdAt(), Optional.of(at)));
            }
            return new Closed(before, before.withClose(close), updated, List.copyOf(changes.values()), false);
        });
    }

    @Override
    public Optional<Trade> findTrade(Tenant tenant, TradeId id) {
        return findTradeIn(db.execute(), tenant, id);
    }

    private static Optional<Trade> findTradeIn(DbExecute exec, Tenant tenant, TradeId id) {
        return exec.get("SELECT " + TRADE_COLUMNS + " FROM trade_history WHERE tenant = ? AND id = ?", tenant.value(),
                id.value()).map(SqliteTradeStore::toTrade);
    }

    @Override
    public List<Trade> listTrades(Tenant tenant, Optional<AssetSymbol> asset, int limit) {
        String sql = "SELECT " + TRADE_COLUMNS + " FROM trade_history WHERE tenant = ?"
                + (asset.isPresent() ? " AND asset = ?" : "") + " ORDER BY opened_at DESC, id DESC LIMIT ?";
        Object[] params = asset.isPresent() ? new Object[] {tenant.value(), asset.get().key(), limit}
                : new Object[] {tenant.value(), limit};
        try (Stream<DbRow> rows = db.execute().query(sql, params)) {
            return rows.map(SqliteTradeStore::toTrade).toList();
        }
    }

    @Override
    public Optional<MethodologyCase> findCase(Tenant tenant, CaseId id) {
        return db.execute().get("SELECT " + CASE_COLUMNS + " FROM methodology_cases c WHERE c.tenant = ? AND c.id = ?",
                tenant.value(), id.value()).map(SqliteTradeStore::toCase);
    }

    @Override
    public List<MethodologyCase> listCases(Tenant tenant, CaseFilter filter, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + CASE_COLUMNS + " FROM methodology_cases c");
        List<Object> params = new ArrayList<>();
        if (filter.methodology().isPresent()) {
            sql.append(" JOIN methodology_case_links l ON l.tenant = c.tenant AND l.case_id = c.id "
                    + "AND l.methodology_id = ?");
            params.add(filter.methodology().get().value());
        }
        sql.append(" WHERE c.tenant = ?");
        params.add(tenant.value());
        filter.trade().ifPresent(t -> {
            sql.append(" AND c.trade_id = ?");
            params.add(t.value());
        });
        filter.outcome().ifPresent(o -> {
            sql.append(" AND c.outcome = ?");
            params.add(o.wireName());
        });
        sql.append(" ORDER BY c.id DESC LIMIT ?");
        params.add(limit);
        return queryCases(db.execute(), sql.toString(), params.toArray());
    }

    private static List<MethodologyCase> queryCases(DbExecute exec, String sql, Object... params) {
        try (Stream<DbRow> rows = exec.query(sql, params)) {
            return rows.map(SqliteTradeStore::toCase).toList();
        }
    }

    @Override
    public boolean linkOutcomeMemory(Tenant tenant, TradeId trade, MemoryId memory) {
        try {
            return db.execute().update("UPDATE trade_history SET outcome_memory_id = ? WHERE tenant = ? AND id = ?",
                    memory.value(), tenant.value(), trade.value()) == 1;
        } catch (RuntimeException e) {
            throw SqliteMethodologyStore.failure("link the outcome memory", e);
        }
    }

    @Override
    public List<Tenant> tenantsWithCases(CaseOutcome outcome) {
        try (Stream<DbRow> rows = db.execute().query("SELECT DISTINCT tenant FROM methodology_cases WHERE outcome = ? "
                + "ORDER BY tenant", outcome.wireName())) {
            return rows.map(r -> Tenant.of(Columns.string(r, "tenant"))).toList();
        }
    }

    private static Trade toTrade(DbRow r) {
        TradeSide side = TradeSide.parse("side", Columns.string(r, "side"));
        Optional<TradeClose> close = Columns.optionalString(r, "closed_at").map(closedAt -> new TradeClose(
                Money.parse(Columns.string(r, "exit_price")), Money.parse(Columns.string(r, "pnl")),
                Timestamps.parse(closedAt)));
        long memory = Columns.longValue(r, "outcome_memory_id");
        return new Trade(
                TradeId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                new AssetSymbol(Columns.string(r, "asset"), Columns.longValue(r, "forex_pair") != 0),
                AssetClass.parse("asset_class", Columns.string(r, "asset_class")),
                side,
                Money.parse(Columns.string(r, "size")),
                Money.parse(Columns.string(r, "entry_price")),
                Timestamps.parse(Columns.string(r, "opened_at")),
                close,
                memory == 0 ? Optional.empty() : Optional.of(MemoryId.of(memory)));
    }

    private static MethodologyCase toCase(DbRow r) {
        List<MethodologyId> ids = Arrays.stream(Columns.string(r, "methodology_ids").split(","))
                .map(s -> MethodologyId.of(Long.parseLong(s))).toList();
        return new MethodologyCase(
                CaseId.of(Columns.longValue(r, "id")),
                Tenant.of(Columns.string(r, "tenant")),
                TradeId.of(Columns.longValue(r, "trade_id")),
                ids,
                Columns.string(r, "hint_hash"),
                Columns.string(r, "decision"),
                CaseOutcome.parse("outcome", Columns.string(r, "outcome")),
                Timestamps.parse(Columns.string(r, "created_at")),
                Columns.optionalString(r, "scored_at").map(Timestamps::parse));
    }

    /**
     * The store's one way to run a transaction: commit on success, roll back and classify on failure.
     * Kept in this single method so switching to a shared transaction helper is a one-place change.
     */
    private <T> T inTransaction(String what, Function<DbTransaction, T> work) {
        DbTransaction tx = db.transaction();
        try {
            T result = work.apply(tx);
            tx.commit();
            return result;
        } catch (RuntimeException e) {
            Transactions.rollbackAfter(tx, e);
            throw SqliteMethodologyStore.failure(what, e);
        }
    }
}
