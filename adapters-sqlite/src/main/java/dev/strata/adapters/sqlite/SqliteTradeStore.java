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

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@link TradeStore} on {@code trade_history}, {@code methodology_cases} and
 * {@code methodology_case_links} (migration 12). Scoring reads and writes {@code methodologies}
 * inside the same transaction as the case and the trade, so a scored case and its counts commit or
 * roll back together.
 */
public final class SqliteTradeStore implements TradeStore {

    private static final String TRADE_COLUMNS = "id, tenant, asset, forex_pair, asset_class, side, size, entry_price, "
            + "exit_price, pnl, opened_at, closed_at, outcome_memory_id";
    private static final String CASE_COLUMNS = "c.id, c.tenant, c.trade_id, c.methodology_ids, c.hint_hash, c.decision, "
            + "c.outcome, c.created_at, c.scored_at";
    private static final String TRADE_BY_ID = "SELECT " + TRADE_COLUMNS + " FROM trade_history WHERE tenant = ? AND id = ?";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteTradeStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public Recorded record(NewTrade t, Optional<CaseDraft> decision, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("record the trade", c -> {
            if (decision.isPresent()) {
                requireMethodologies(c, t.tenant(), decision.get());
            }
            String ts = Timestamps.format(at);
            Jdbc.update(c, "INSERT INTO trade_history(tenant, asset, forex_pair, asset_class, side, size, entry_price, "
                            + "exit_price, pnl, opened_at, closed_at, status, created_at, updated_at) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    t.tenant().value(), t.asset().key(), t.asset().forexPair() ? 1 : 0, t.assetClass().wireName(),
                    t.side().wireName(), Money.text(t.size()), Money.text(t.entryPrice()),
                    t.close().map(x -> Money.text(x.exitPrice())).orElse(null),
                    t.close().map(x -> Money.text(x.pnl())).orElse(null), Timestamps.format(t.openedAt()),
                    t.close().map(x -> Timestamps.format(x.closedAt())).orElse(null),
                    t.close().isPresent() ? "closed" : "open", ts, ts);
            long id = Jdbc.lastInsertRowid(c);
            Trade trade = new Trade(TradeId.of(id), t.tenant(), t.asset(), t.assetClass(), t.side(), t.size(),
                    t.entryPrice(), t.openedAt(), t.close(), Optional.empty());
            if (decision.isEmpty()) {
                return new Recorded(trade, Optional.empty(), List.of());
            }
            return addCase(c, trade, decision.get(), policy, at);
        });
    }

    @Override
    public Recorded recordCase(Tenant tenant, TradeId tradeId, CaseDraft decision, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("record the case", c -> {
            Trade trade = findTradeIn(c, tenant, tradeId)
                    .orElseThrow(() -> new NotFoundException("trade", tradeId.toString()));
            requireMethodologies(c, tenant, decision);
            return addCase(c, trade, decision, policy, at);
        });
    }

    /** Every id must be one of the tenant's methodologies; the first that is not is named and nothing is written. */
    private static void requireMethodologies(Connection c, Tenant tenant, CaseDraft d) throws SQLException {
        for (MethodologyId id : d.methodologies()) {
            if (Jdbc.firstLong(c, "SELECT 1 FROM methodologies WHERE tenant = ? AND id = ?",
                    List.of(tenant.value(), id.value())).isEmpty()) {
                throw new NotFoundException("methodology", id.toString());
            }
        }
    }

    private static Recorded addCase(Connection c, Trade trade, CaseDraft d, LearningPolicy policy, Instant at)
            throws SQLException {
        CaseOutcome outcome = trade.outcome();
        String ts = Timestamps.format(at);
        String ids = d.methodologies().stream().map(MethodologyId::toString).collect(Collectors.joining(","));
        Jdbc.update(c, "INSERT INTO methodology_cases(tenant, trade_id, methodology_ids, hint_hash, decision, outcome, "
                        + "created_at, scored_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", trade.tenant().value(),
                trade.id().value(), ids, d.hintHash(), d.decision(), outcome.wireName(), ts,
                outcome == CaseOutcome.PENDING ? null : ts);
        long id = Jdbc.lastInsertRowid(c);
        for (MethodologyId m : d.methodologies()) {
            Jdbc.update(c, "INSERT INTO methodology_case_links(tenant, case_id, methodology_id) VALUES (?, ?, ?)",
                    trade.tenant().value(), id, m.value());
        }
        MethodologyCase recorded = new MethodologyCase(CaseId.of(id), trade.tenant(), trade.id(), d.methodologies(),
                d.hintHash(), d.decision(), outcome, at, outcome == CaseOutcome.PENDING ? Optional.empty()
                : Optional.of(at));
        Map<MethodologyId, MethodologyChange> changes = newChanges();
        score(c, recorded, CaseOutcome.PENDING, outcome, policy, at, changes);
        return new Recorded(trade, Optional.of(recorded), List.copyOf(changes.values()));
    }

    private static Map<MethodologyId, MethodologyChange> newChanges() {
        return new TreeMap<>(Comparator.comparingLong(MethodologyId::value));
    }

    /** Moves each attributed methodology by the difference between the two outcomes, in the caller's transaction. */
    private static void score(Connection c, MethodologyCase decision, CaseOutcome from, CaseOutcome to,
                              LearningPolicy policy, Instant at, Map<MethodologyId, MethodologyChange> changes)
            throws SQLException {
        if (from == to) {
            return;
        }
        for (MethodologyId id : decision.methodologies()) {
            Methodology before = SqliteMethodologyStore.findIn(c, decision.tenant(), id)
                    .orElseThrow(() -> new NotFoundException("methodology", id.toString()));
            Methodology after = before.scored(from, to, policy, at);
            SqliteMethodologyStore.writeScore(c, after);
            MethodologyChange earlier = changes.get(id);
            changes.put(id, new MethodologyChange(earlier == null ? before : earlier.before(), after));
        }
    }

    /**
     * The trade's close, each of its cases' outcome and every attributed methodology's counts in one
     * transaction: a failure anywhere (a count update refused halfway) leaves all of them as they were.
     */
    @Override
    public Closed close(Tenant tenant, TradeId tradeId, TradeClose close, LearningPolicy policy, Instant now) {
        Instant at = Timestamps.truncate(now);
        return transactions.write("record the trade outcome", c -> {
            Trade before = findTradeIn(c, tenant, tradeId)
                    .orElseThrow(() -> new NotFoundException("trade", tradeId.toString()));
            List<MethodologyCase> cases = Jdbc.list(c, "SELECT " + CASE_COLUMNS + " FROM methodology_cases c "
                    + "WHERE c.tenant = ? AND c.trade_id = ? ORDER BY c.id", List.of(tenant.value(), tradeId.value()),
                    SqliteTradeStore::readCase);
            if (before.close().equals(Optional.of(close))) {
                return new Closed(before, before, cases, List.of(), true);
            }
            Jdbc.update(c, "UPDATE trade_history SET exit_price = ?, pnl = ?, closed_at = ?, status = 'closed', "
                            + "updated_at = ? WHERE tenant = ? AND id = ?", Money.text(close.exitPrice()),
                    Money.text(close.pnl()), Timestamps.format(close.closedAt()), Timestamps.format(at), tenant.value(),
                    tradeId.value());
            Map<MethodologyId, MethodologyChange> changes = newChanges();
            List<MethodologyCase> updated = new ArrayList<>(cases.size());
            CaseOutcome to = close.outcome();
            for (MethodologyCase decision : cases) {
                if (decision.outcome() == to) {
                    updated.add(decision);
                    continue;
                }
                Jdbc.update(c, "UPDATE methodology_cases SET outcome = ?, scored_at = ? WHERE tenant = ? AND id = ?",
                        to.wireName(), Timestamps.format(at), tenant.value(), decision.id().value());
                score(c, decision, decision.outcome(), to, policy, at, changes);
                updated.add(new MethodologyCase(decision.id(), decision.tenant(), decision.trade(),
                        decision.methodologies(), decision.hintHash(), decision.decision(), to, decision.createdAt(),
                        Optional.of(at)));
            }
            return new Closed(before, before.withClose(close), updated, List.copyOf(changes.values()), false);
        });
    }

    @Override
    public Optional<Trade> findTrade(Tenant tenant, TradeId id) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.first(TRADE_BY_ID, List.of(tenant.value(), id.value()), SqliteTradeStore::readTrade);
        }
    }

    private static Optional<Trade> findTradeIn(Connection c, Tenant tenant, TradeId id) throws SQLException {
        return Jdbc.first(c, TRADE_BY_ID, List.of(tenant.value(), id.value()), SqliteTradeStore::readTrade);
    }

    @Override
    public List<Trade> listTrades(Tenant tenant, Optional<AssetSymbol> asset, int limit) {
        String sql = "SELECT " + TRADE_COLUMNS + " FROM trade_history WHERE tenant = ?"
                + (asset.isPresent() ? " AND asset = ?" : "") + " ORDER BY opened_at DESC, id DESC LIMIT ?";
        List<Object> params = asset.isPresent() ? List.of(tenant.value(), asset.get().key(), limit)
                : List.of(tenant.value(), limit);
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list(sql, params, SqliteTradeStore::readTrade);
        }
    }

    @Override
    public Optional<MethodologyCase> findCase(Tenant tenant, CaseId id) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.first("SELECT " + CASE_COLUMNS + " FROM methodology_cases c WHERE c.tenant = ? AND c.id = ?",
                    List.of(tenant.value(), id.value()), SqliteTradeStore::readCase);
        }
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
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list(sql.toString(), params, SqliteTradeStore::readCase);
        }
    }

    @Override
    public boolean linkOutcomeMemory(Tenant tenant, TradeId trade, MemoryId memory) {
        return transactions.write("link the outcome memory", c -> Jdbc.update(c,
                "UPDATE trade_history SET outcome_memory_id = ? WHERE tenant = ? AND id = ?", memory.value(),
                tenant.value(), trade.value()) == 1);
    }

    @Override
    public List<Tenant> tenantsWithTrades() {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list("SELECT DISTINCT tenant FROM trade_history ORDER BY tenant", List.of(),
                    r -> Tenant.of(r.getString("tenant")));
        }
    }

    @Override
    public List<Tenant> tenantsWithCases(CaseOutcome outcome) {
        try (JdbcReads reads = new JdbcReads(database)) {
            return reads.list("SELECT DISTINCT tenant FROM methodology_cases WHERE outcome = ? ORDER BY tenant",
                    List.of(outcome.wireName()), r -> Tenant.of(r.getString("tenant")));
        }
    }

    /** A row selected with {@link #TRADE_COLUMNS}. */
    private static Trade readTrade(ResultSet r) throws SQLException {
        String closedAt = r.getString("closed_at");
        Optional<TradeClose> close = closedAt == null ? Optional.empty() : Optional.of(new TradeClose(
                Money.parse(r.getString("exit_price")), Money.parse(r.getString("pnl")), Timestamps.parse(closedAt)));
        long memory = r.getLong("outcome_memory_id"); // 0 when NULL: rowids start at 1
        return new Trade(
                TradeId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                new AssetSymbol(r.getString("asset"), r.getLong("forex_pair") != 0),
                AssetClass.parse("asset_class", r.getString("asset_class")),
                TradeSide.parse("side", r.getString("side")),
                Money.parse(r.getString("size")),
                Money.parse(r.getString("entry_price")),
                Timestamps.parse(r.getString("opened_at")),
                close,
                memory == 0 ? Optional.empty() : Optional.of(MemoryId.of(memory)));
    }

    /** A row selected with {@link #CASE_COLUMNS}. */
    private static MethodologyCase readCase(ResultSet r) throws SQLException {
        List<MethodologyId> ids = Arrays.stream(r.getString("methodology_ids").split(","))
                .map(s -> MethodologyId.of(Long.parseLong(s))).toList();
        return new MethodologyCase(
                CaseId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                TradeId.of(r.getLong("trade_id")),
                ids,
                r.getString("hint_hash"),
                r.getString("decision"),
                CaseOutcome.parse("outcome", r.getString("outcome")),
                Timestamps.parse(r.getString("created_at")),
                Optional.ofNullable(r.getString("scored_at")).map(Timestamps::parse));
    }
}
