package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.NewStrategyRun;
import dev.strata.domain.personalization.StopReason;
import dev.strata.domain.personalization.StrategyId;
import dev.strata.domain.personalization.StrategyRun;
import dev.strata.domain.personalization.StrategyRunId;
import dev.strata.domain.personalization.StrategyRunStore;
import dev.strata.domain.personalization.UserId;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link StrategyRunStore} on the append-only {@code strategy_runs} table. The partial unique index
 * on running runs turns a second activation of a running strategy into a {@link ConflictException};
 * a close and a back-fill are conditional updates on the run's state.
 */
public final class SqliteStrategyRunStore implements StrategyRunStore {

    private static final String COLUMNS = "id, user_id, strategy_id, allocated_usd, started_at, stopped_at, stop_reason,"
            + " realized_pnl_usd";

    private final SqliteDatabase database;
    private final Transactions transactions;

    public SqliteStrategyRunStore(SqliteDatabase database) {
        this.database = database;
        this.transactions = new Transactions(database);
    }

    @Override
    public StrategyRun open(Tenant tenant, NewStrategyRun run) {
        Instant started = Timestamps.truncate(run.startedAt());
        long id = transactions.write("record the strategy run", c -> {
            try {
                Jdbc.update(c, "INSERT INTO strategy_runs(tenant, user_id, strategy_id, allocated_usd, started_at, status)"
                                + " VALUES (?, ?, ?, ?, ?, 'running')", tenant.value(), run.user().value(),
                        run.strategy().value(), run.allocatedUsd().toPlainString(), Timestamps.format(started));
            } catch (SQLiteException e) {
                if (e.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE) {
                    throw new ConflictException("strategy " + run.strategy() + " already has a running run",
                            Map.of("strategy_id", run.strategy().value()));
                }
                throw e;
            }
            return Jdbc.lastInsertRowid(c);
        });
        return new StrategyRun(new StrategyRunId(id), run.user(), run.strategy(), run.allocatedUsd(), started,
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Override
    public Optional<StrategyRun> find(Tenant tenant, StrategyRunId id) {
        return query("WHERE tenant = ? AND id = ?", List.of(tenant.value(), id.value())).stream().findFirst();
    }

    @Override
    public List<StrategyRun> running(Tenant tenant, UserId user) {
        return query("WHERE tenant = ? AND user_id = ? AND status = 'running' ORDER BY started_at, id",
                List.of(tenant.value(), user.value()));
    }

    @Override
    public List<StrategyRun> history(Tenant tenant, UserId user, int limit) {
        return query("WHERE tenant = ? AND user_id = ? ORDER BY started_at DESC, id DESC LIMIT ?",
                List.of(tenant.value(), user.value(), limit));
    }

    @Override
    public boolean close(Tenant tenant, StrategyRunId id, StopReason reason, Instant stoppedAt,
                         Optional<BigDecimal> realizedPnlUsd) {
        return transactions.writeIf("close the strategy run", c -> Jdbc.update(c, "UPDATE strategy_runs SET"
                        + " status = 'stopped', stopped_at = ?, stop_reason = ?, realized_pnl_usd = ? WHERE tenant = ?"
                        + " AND id = ? AND status = 'running'", Timestamps.format(Timestamps.truncate(stoppedAt)),
                reason.wireName(), realizedPnlUsd.map(BigDecimal::toPlainString).orElse(null), tenant.value(),
                id.value()) == 1);
    }

    @Override
    public boolean backfillPnl(Tenant tenant, StrategyRunId id, BigDecimal realizedPnlUsd) {
        return transactions.writeIf("back-fill the strategy run's P&L", c -> Jdbc.update(c, "UPDATE strategy_runs SET"
                + " realized_pnl_usd = ? WHERE tenant = ? AND id = ? AND status = 'stopped' AND realized_pnl_usd IS NULL",
                realizedPnlUsd.toPlainString(), tenant.value(), id.value()) == 1);
    }

    private List<StrategyRun> query(String where, List<?> params) {
        List<StrategyRun> runs = new ArrayList<>();
        try (JdbcReads reads = new JdbcReads(database)) {
            reads.forEach("SELECT " + COLUMNS + " FROM strategy_runs " + where, params, row -> runs.add(read(row)));
        }
        return runs;
    }

    private static StrategyRun read(ResultSet r) throws SQLException {
        return new StrategyRun(new StrategyRunId(r.getLong(1)), UserId.of(r.getString(2)), StrategyId.of(r.getString(3)),
                new BigDecimal(r.getString(4)), Timestamps.parse(r.getString(5)),
                Optional.ofNullable(r.getString(6)).map(Timestamps::parse),
                Optional.ofNullable(r.getString(7)).map(StopReason::parse),
                Optional.ofNullable(r.getString(8)).map(BigDecimal::new));
    }
}
