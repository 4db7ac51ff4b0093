package dev.strata.bootstrap.bench;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.MethodologyDraft;
import dev.strata.application.learning.ProposePreference;
import dev.strata.application.learning.RecordOutcome;
import dev.strata.application.learning.RecordTrade;
import dev.strata.application.learning.TradeService;
import dev.strata.bootstrap.learning.LearningModule;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.PreferenceId;
import dev.strata.domain.learning.Wilson;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The learning loop's two hot paths against the raw SQLite they are built on, in the same process
 * and on the same file: recording a trade's outcome attributed to {@link #ATTRIBUTED} methodologies
 * (against the same storage work done with plain JDBC), and a compiled page, cold and cached (against
 * the three queries the page reads).
 */
final class LearningBenchmark {

    /** Methodologies each decision is attributed to. */
    static final int ATTRIBUTED = 3;
    private static final int WARM_UP = 20;
    private static final Tenant TENANT = Tenant.of("bench-learning");
    /** The baseline's rows: the same shape, written by Strata, closed with plain JDBC. */
    private static final Tenant RAW = Tenant.of("bench-learning-raw");
    private static final BigDecimal ENTRY = new BigDecimal("60000");
    private static final BigDecimal WIN = new BigDecimal("63000");
    private static final BigDecimal LOSS = new BigDecimal("58000");
    private static final BigDecimal SIZE = new BigDecimal("0.1");

    /** The learning figures of one run, milliseconds (medians). */
    record Figures(double outcomeP50Ms, double rawOutcomeP50Ms, double pageColdP50Ms, double pageCachedP50Ms,
                   double rawPageP50Ms) {
    }

    private final int samples;
    private final LearningPolicy policy;

    /**
     * @param rounds the benchmark's rounds: ten samples each, after {@link #WARM_UP} untimed ones
     * @param policy the configured scoring policy, which the baseline scores with too
     */
    LearningBenchmark(int rounds, LearningPolicy policy) {
        this.samples = rounds * 10;
        this.policy = policy;
    }

    Figures measure(LearningModule learning, SqliteDatabase db) throws SQLException {
        List<MethodologyId> ours = methodologies(learning, TENANT);
        List<MethodologyId> raws = methodologies(learning, RAW);
        int total = WARM_UP + samples;
        List<TradeService.Recording> open = openTrades(learning, TENANT, ours, total);
        List<TradeService.Recording> rawOpen = openTrades(learning, RAW, raws, total);

        double[] outcome = new double[samples];
        double[] rawOutcome = new double[samples];
        try (Connection c = db.connection(); RawOutcome raw = new RawOutcome(c, policy)) {
            for (int i = 0; i < total; i++) {
                BigDecimal exit = win(i) ? WIN : LOSS;
                TradeService.Recording r = open.get(i);
                long t = System.nanoTime();
                learning.trades().recordOutcome(new RecordOutcome(TENANT, r.trade().id(), exit, Optional.empty(),
                        Optional.empty()));
                record(outcome, i, t);
                TradeService.Recording q = rawOpen.get(i);
                t = System.nanoTime();
                raw.close(q, raws, exit);
                record(rawOutcome, i, t);
            }
        }

        // A page worth reading: the methodologies graduated, a hard constraint approved, a full timeline.
        ours.forEach(id -> learning.methodologies().approve(TENANT, id));
        PreferenceId cap = learning.preferences().propose(TENANT, new ProposePreference("leverage",
                "Never use more than 2x leverage on BTC", "hard_constraint")).preference().id();
        learning.preferences().approve(TENANT, cap);
        CompiledPageService pages = learning.pages();
        double[] cold = new double[samples];
        double[] cached = new double[samples];
        double[] rawPage = new double[samples];
        try (Connection c = db.connection(); RawPage raw = new RawPage(c)) {
            for (int i = 0; i < total; i++) {
                pages.invalidate(TENANT);
                long t = System.nanoTime();
                pages.page(TENANT, "BTC", true);
                record(cold, i, t);
                t = System.nanoTime();
                pages.page(TENANT, "BTC", true);
                record(cached, i, t);
                t = System.nanoTime();
                raw.read(TENANT, "BTC");
                record(rawPage, i, t);
            }
        }
        return new Figures(MemoryBenchmark.percentile(outcome, 50), MemoryBenchmark.percentile(rawOutcome, 50),
                MemoryBenchmark.percentile(cold, 50), MemoryBenchmark.percentile(cached, 50),
                MemoryBenchmark.percentile(rawPage, 50));
    }

    /** Four wins in five: the methodologies end above the graduation bar, so the page shows them. */
    private static boolean win(int i) {
        return i % 5 != 4;
    }

    private static void record(double[] into, int i, long startNanos) {
        if (i >= WARM_UP) {
            into[i - WARM_UP] = (System.nanoTime() - startNanos) / 1e6;
        }
    }

    private static List<MethodologyId> methodologies(LearningModule learning, Tenant tenant) {
        List<MethodologyId> ids = new ArrayList<>(ATTRIBUTED);
        for (int m = 0; m < ATTRIBUTED; m++) {
            ids.add(learning.methodologies().create(tenant, new MethodologyDraft("crypto_major", "Method " + m,
                    "Buy BTC after a " + (10 + m * 5) + "% drawdown from the 30-day high.")).methodology().id());
        }
        return ids;
    }

    private static List<TradeService.Recording> openTrades(LearningModule learning, Tenant tenant,
                                                           List<MethodologyId> attributed, int count) {
        List<Long> ids = attributed.stream().map(MethodologyId::value).toList();
        List<TradeService.Recording> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(learning.trades().record(new RecordTrade(tenant, "BTC", "crypto_major", "long", SIZE, ENTRY,
                    Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), ids,
                    Optional.of("sha256:9f2c"), Optional.of("followed the hint"))));
        }
        return out;
    }

    /**
     * The storage work an outcome cannot avoid, in plain JDBC on one connection: in one immediate
     * transaction the trade's close, the case's outcome and each attributed methodology's counts
     * (read, then written with the new Wilson bound); then the {@code trade_outcome} memory and its
     * link to the trade. No validation, no domain objects, no events, no audit.
     */
    private static final class RawOutcome implements AutoCloseable {

        private final Connection c;
        private final LearningPolicy policy;
        private final Statement control;
        private final PreparedStatement trade;
        private final PreparedStatement decision;
        private final PreparedStatement counts;
        private final PreparedStatement score;
        private final PreparedStatement memory;
        private final PreparedStatement link;

        RawOutcome(Connection c, LearningPolicy policy) throws SQLException {
            this.c = c;
            this.policy = policy;
            control = c.createStatement();
            trade = c.prepareStatement("UPDATE trade_history SET exit_price = ?, pnl = ?, closed_at = ?, "
                    + "status = 'closed', updated_at = ? WHERE tenant = ? AND id = ?");
            decision = c.prepareStatement("UPDATE methodology_cases SET outcome = ?, scored_at = ? "
                    + "WHERE tenant = ? AND id = ?");
            counts = c.prepareStatement("SELECT successes, times_used FROM methodologies WHERE tenant = ? AND id = ?");
            score = c.prepareStatement("UPDATE methodologies SET successes = ?, times_used = ?, confidence = ?, "
                    + "updated_at = ? WHERE tenant = ? AND id = ?");
            memory = c.prepareStatement("INSERT INTO memories(tenant, category, content, metadata, source, created_at, "
                    + "updated_at, occurred_at) VALUES (?, 'trade_outcome', ?, ?, 'agent_recorded', ?, ?, ?)");
            link = c.prepareStatement("UPDATE trade_history SET outcome_memory_id = last_insert_rowid() "
                    + "WHERE tenant = ? AND id = ?");
        }

        void close(TradeService.Recording r, List<MethodologyId> attributed, BigDecimal exit) throws SQLException {
            String now = Instant.now().toString();
            boolean won = exit.compareTo(ENTRY) > 0;
            String pnl = exit.subtract(ENTRY).multiply(SIZE).stripTrailingZeros().toPlainString();
            control.execute("BEGIN IMMEDIATE");
            try {
                bind(trade, exit.toPlainString(), pnl, now, now, RAW.value(), r.trade().id().value()).executeUpdate();
                bind(decision, won ? "win" : "loss", now, RAW.value(), r.decision().orElseThrow().id().value())
                        .executeUpdate();
                for (MethodologyId id : attributed) {
                    long successes;
                    long uses;
                    try (ResultSet row = bind(counts, RAW.value(), id.value()).executeQuery()) {
                        row.next();
                        successes = row.getLong(1) + (won ? 1 : 0);
                        uses = row.getLong(2) + 1;
                    }
                    bind(score, successes, uses, Wilson.lowerBound(successes, uses, policy.z()), now, RAW.value(),
                            id.value()).executeUpdate();
                }
                control.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                control.execute("ROLLBACK");
                throw e;
            }
            bind(memory, RAW.value(), "long BTC from $60000, closed at $" + exit.toPlainString(),
                    "{\"trade_id\":" + r.trade().id().value() + "}", now, now, now).executeUpdate();
            bind(link, RAW.value(), r.trade().id().value()).executeUpdate();
        }

        @Override
        public void close() throws SQLException {
            for (Statement s : List.of(control, trade, decision, counts, score, memory, link)) {
                s.close();
            }
        }
    }

    /** What a compiled page reads, in plain JDBC: the asset's latest trades, graduated methodologies, active hard constraints. */
    private static final class RawPage implements AutoCloseable {

        private final PreparedStatement trades;
        private final PreparedStatement graduated;
        private final PreparedStatement constraints;

        RawPage(Connection c) throws SQLException {
            trades = c.prepareStatement("SELECT id, asset, asset_class, side, size, entry_price, exit_price, pnl, "
                    + "opened_at, closed_at FROM trade_history WHERE tenant = ? AND asset = ? "
                    + "ORDER BY opened_at DESC, id DESC LIMIT 10");
            graduated = c.prepareStatement("SELECT id, asset_class, title, body, successes, times_used, confidence "
                    + "FROM methodologies WHERE tenant = ? AND quarantine = 0 ORDER BY confidence DESC, id DESC LIMIT 500");
            constraints = c.prepareStatement("SELECT id, dimension, content FROM learned_preferences WHERE tenant = ? "
                    + "AND state = 'active' AND kind = 'hard_constraint' ORDER BY id DESC LIMIT 500");
        }

        void read(Tenant tenant, String asset) throws SQLException {
            drain(bind(trades, tenant.value(), asset));
            drain(bind(graduated, tenant.value()));
            drain(bind(constraints, tenant.value()));
        }

        private static void drain(PreparedStatement ps) throws SQLException {
            try (ResultSet rows = ps.executeQuery()) {
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    for (int i = 1; i <= columns; i++) {
                        rows.getString(i);
                    }
                }
            }
        }

        @Override
        public void close() throws SQLException {
            trades.close();
            graduated.close();
            constraints.close();
        }
    }

    private static PreparedStatement bind(PreparedStatement ps, Object... params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
        return ps;
    }
}
