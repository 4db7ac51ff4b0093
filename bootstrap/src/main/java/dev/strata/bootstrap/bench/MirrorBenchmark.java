package dev.strata.bootstrap.bench;

import dev.strata.application.conversation.AppendMessages;
import dev.strata.application.conversation.ConversationService;
import dev.strata.application.conversation.MessageInput;
import dev.strata.application.trading.TradeMirrorService;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Conversations and the trade mirror against raw SQLite on the same file (issue 17): message and
 * fill ingestion through the use cases (validation, fill uids, duplicate skipping, events) against
 * plain batched JDBC INSERTs of the same rows into the same tables, and the 30-day trading profile
 * and {@code search_user_trades} at N fills against the bare SQL they run.
 */
public final class MirrorBenchmark {

    static final int BATCH = 1_000;
    /** Who the bench's writes are audited as. */
    private static final Actor BENCH = Actor.system("bench");
    private static final int WARM_UP = 5_000;
    private static final String[] SYMBOLS = {"BTC", "ETH", "SOL", "DOGE", "kPEPE", "ARB", "OP", "SUI", "AVAX", "LINK",
            "WIF", "TIA", "INJ", "NEAR", "APT", "SEI", "HYPE", "ENA", "JUP", "ONDO"};

    /** What the benchmark measured; rates per second, times in milliseconds. */
    public record Result(int n, double messagesPerS, double rawMessagesPerS, double fillsPerS, double rawFillsPerS,
                         double profileP50Ms, double profileP95Ms, double rawProfileP50Ms, double tradesP50Ms,
                         double rawTradesP50Ms) {
    }

    private final StrataSettings baseSettings;
    private final int rounds;
    private final Consumer<String> progress;

    public MirrorBenchmark(StrataSettings baseSettings, int rounds, Consumer<String> progress) {
        // The rebuilder would react to every batch on its own thread; the benchmark times ingestion alone.
        this.baseSettings = baseSettings.with(baseSettings.rebuild().withPolicy(baseSettings.rebuild().policy()
                .withEnabled(false)));
        this.rounds = rounds;
        this.progress = progress;
    }

    public Result run(int n, Path dir) throws SQLException {
        Clock clock = Clock.systemUTC();
        try (StrataCore core = StrataCore.open(baseSettings.withDataDir(dir), clock)) {
            ConversationService conversations = core.conversation().conversations();
            TradeMirrorService mirror = core.trading().mirror();
            Instant now = clock.instant();
            progress.accept("mirror: warm-up");
            ingestMessages(conversations, Tenant.of("warm-up"), WARM_UP);
            ingestFills(mirror, Tenant.of("warm-up"), WARM_UP, now);

            progress.accept("mirror: " + n + " messages");
            long t = System.nanoTime();
            ingestMessages(conversations, Tenant.of("bench"), n);
            double messagesPerS = n / seconds(t);
            progress.accept("mirror: " + n + " fills");
            t = System.nanoTime();
            ingestFills(mirror, Tenant.of("bench"), n, now);
            double fillsPerS = n / seconds(t);

            progress.accept("mirror: raw inserts");
            double rawMessagesPerS;
            double rawFillsPerS;
            try (Connection c = core.database().connection()) {
                rawMessagesPerS = rawMessages(c, n, now);
                rawFillsPerS = rawFills(c, n, now);
            }

            progress.accept("mirror: trading profile and recent trades at " + n + " fills");
            TradingProfileService profile = core.trading().profile();
            Tenant bench = Tenant.of("bench");
            double[] profiles = time(() -> profile.profile(bench));
            double[] trades = time(() -> profile.searchUserTrades(bench, "BTC", Optional.of(20)));
            double[] rawProfiles;
            double[] rawTrades;
            try (Connection c = core.database().connection();
                 PreparedStatement group = c.prepareStatement("SELECT symbol, side, dir, COUNT(*), SUM(closed_pnl <> 0), "
                         + "SUM(closed_pnl > 0), SUM(size * price), SUM(closed_pnl), MAX(ts_ms) FROM perps_fills "
                         + "WHERE tenant = ? AND ts_ms >= ? GROUP BY symbol, side, dir");
                 PreparedStatement recent = c.prepareStatement("SELECT * FROM perps_fills WHERE tenant = ? "
                         + "AND symbol = ? COLLATE NOCASE ORDER BY ts_ms DESC, id DESC LIMIT 20")) {
                long since = now.minus(Duration.ofDays(30)).toEpochMilli();
                rawProfiles = time(() -> drain(group, "bench", since));
                rawTrades = time(() -> drain(recent, "bench", "BTC"));
            }
            return new Result(n, messagesPerS, rawMessagesPerS, fillsPerS, rawFillsPerS,
                    MemoryBenchmark.percentile(profiles, 50), MemoryBenchmark.percentile(profiles, 95),
                    MemoryBenchmark.percentile(rawProfiles, 50), MemoryBenchmark.percentile(trades, 50),
                    MemoryBenchmark.percentile(rawTrades, 50));
        }
    }

    private static void ingestMessages(ConversationService conversations, Tenant tenant, int n) {
        for (int written = 0, chat = 0; written < n; written += BATCH, chat++) {
            List<MessageInput> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < Math.min(BATCH, n - written); i++) {
                batch.add(MessageInput.of("m" + i, i % 2 == 0 ? "user" : "assistant", message(written + i)));
            }
            conversations.append(new AppendMessages(tenant, "chat-" + chat, Optional.empty(), batch), BENCH);
        }
    }

    private static void ingestFills(TradeMirrorService mirror, Tenant tenant, int n, Instant now) {
        Random random = new Random(17);
        for (int written = 0; written < n; written += BATCH) {
            List<FillInput> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < Math.min(BATCH, n - written); i++) {
                Fill f = Fill.next(random, written + i, now);
                batch.add(new FillInput(Optional.of(f.sub()), Optional.empty(), Optional.of(f.oid()),
                        Optional.of(f.tsMs()), Optional.of(f.symbol()), Optional.of(f.side()), Optional.of(f.dir()),
                        Optional.of(new BigDecimal(f.size())), Optional.of(new BigDecimal(f.price())),
                        Optional.of(new BigDecimal("0.0125")), Optional.of(new BigDecimal(f.pnl())),
                        Optional.of(f.tid()), Optional.empty(), Optional.of(f.raw())));
            }
            mirror.recordPerpsFills(tenant, batch, BENCH);
        }
    }

    /** The same rows, plain INSERTs into the same table (same indexes), 1,000 per transaction. */
    private static double rawMessages(Connection c, int n, Instant now) throws SQLException {
        String stored = now.toString();
        long t = System.nanoTime();
        c.setAutoCommit(false);
        try (PreparedStatement chat = c.prepareStatement("INSERT INTO conversations(tenant, id, user_id, created_at) "
                + "VALUES ('bench-raw', ?, 'default', ?)");
             PreparedStatement ps = c.prepareStatement("INSERT INTO conversation_messages(tenant, conversation_id, "
                     + "message_id, role, content, ts, created_at) VALUES ('bench-raw', ?, ?, ?, ?, ?, ?)")) {
            for (int written = 0, id = 0; written < n; written += BATCH, id++) {
                chat.setString(1, "chat-" + id);
                chat.setString(2, stored);
                chat.executeUpdate();
                for (int i = 0; i < Math.min(BATCH, n - written); i++) {
                    ps.setString(1, "chat-" + id);
                    ps.setString(2, "m" + i);
                    ps.setString(3, i % 2 == 0 ? "user" : "assistant");
                    ps.setString(4, message(written + i));
                    ps.setString(5, stored);
                    ps.setString(6, stored);
                    ps.addBatch();
                }
                ps.executeBatch();
                c.commit();
            }
        } finally {
            c.setAutoCommit(true);
        }
        return n / seconds(t);
    }

    private static double rawFills(Connection c, int n, Instant now) throws SQLException {
        Random random = new Random(17);
        String stored = now.toString();
        long t = System.nanoTime();
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO perps_fills(tenant, sub_account_id, wallet_address, "
                + "oid, ts_ms, symbol, side, dir, size, price, fee, closed_pnl, raw_json, fill_uid, created_at) "
                + "VALUES ('bench-raw', ?, NULL, ?, ?, ?, ?, ?, ?, ?, 0.0125, ?, ?, ?, ?)")) {
            for (int written = 0; written < n; written += BATCH) {
                for (int i = 0; i < Math.min(BATCH, n - written); i++) {
                    Fill f = Fill.next(random, written + i, now);
                    ps.setString(1, f.sub());
                    ps.setString(2, f.oid());
                    ps.setLong(3, f.tsMs());
                    ps.setString(4, f.symbol());
                    ps.setString(5, f.side().equals("B") ? "buy" : "sell");
                    ps.setString(6, f.dir());
                    ps.setDouble(7, Double.parseDouble(f.size()));
                    ps.setDouble(8, Double.parseDouble(f.price()));
                    ps.setDouble(9, Double.parseDouble(f.pnl()));
                    ps.setString(10, f.raw());
                    ps.setString(11, "tid:" + f.tid());
                    ps.setString(12, stored);
                    ps.addBatch();
                }
                ps.executeBatch();
                c.commit();
            }
        } finally {
            c.setAutoCommit(true);
        }
        return n / seconds(t);
    }

    /** A chat line of a typical length (about 120 characters). */
    private static String message(int i) {
        return "Message " + i + ": I moved some ETH to Arbitrum and I'm thinking about a small SOL long if it holds "
                + "the weekly level.";
    }

    /** One synthetic Hyperliquid fill: 20 symbols, opens and closes alternating, within the last 29 days. */
    private record Fill(String sub, String oid, long tsMs, String symbol, String side, String dir, String size,
                        String price, String pnl, String tid, String raw) {

        static Fill next(Random random, int i, Instant now) {
            String symbol = SYMBOLS[random.nextInt(SYMBOLS.length)];
            boolean close = i % 2 == 1;
            boolean longSide = random.nextBoolean();
            String side = close == longSide ? "A" : "B";
            String dir = (close ? "Close " : "Open ") + (longSide ? "Long" : "Short");
            String size = String.format(Locale.ROOT, "%.4f", 0.01 + random.nextDouble() * 5);
            String price = String.format(Locale.ROOT, "%.2f", 1 + random.nextDouble() * 60_000);
            String pnl = close ? String.format(Locale.ROOT, "%.2f", random.nextGaussian() * 50) : "0";
            long ts = now.minus(Duration.ofDays(29)).toEpochMilli() + (long) (random.nextDouble() * 29 * 86_400_000L);
            String tid = Long.toString(1_000_000L + i);
            String raw = "{\"coin\":\"" + symbol + "\",\"px\":\"" + price + "\",\"sz\":\"" + size + "\",\"side\":\"" + side
                    + "\",\"time\":" + ts + ",\"dir\":\"" + dir + "\",\"closedPnl\":\"" + pnl + "\",\"tid\":" + tid + "}";
            return new Fill("sub-" + (i % 3), Integer.toString(500_000 + i / 2), ts, symbol, side, dir, size, price,
                    pnl, tid, raw);
        }
    }

    private double[] time(Runnable action) {
        List<Double> samples = new ArrayList<>();
        for (int round = -2; round < rounds; round++) {
            long t = System.nanoTime();
            action.run();
            if (round >= 0) {
                samples.add((System.nanoTime() - t) / 1e6);
            }
        }
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static void drain(PreparedStatement ps, Object... params) {
        try {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rs.getObject(1);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** The rows {@code strata bench} prints after the memory runs, in its table's columns. */
    public static String table(Result r) {
        StringBuilder out = new StringBuilder();
        out.append("| N | metric | Strata | raw SQLite | Strata/raw | target | verdict |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        BenchReport.row(out, r.n(), "message ingestion (messages/s, batches of 1000)", r.messagesPerS(), r.rawMessagesPerS(),
                BenchReport.Target.atLeastTimesRaw(0.5));
        BenchReport.row(out, r.n(), "fill ingestion (fills/s, batches of 1000)", r.fillsPerS(), r.rawFillsPerS(),
                BenchReport.Target.atLeastTimesRaw(0.5));
        BenchReport.row(out, r.n(), "trading profile p50 (ms, 30 days of N fills)", r.profileP50Ms(), r.rawProfileP50Ms(),
                BenchReport.Target.NONE);
        BenchReport.row(out, r.n(), "trading profile p95 (ms)", r.profileP95Ms(), Double.NaN, BenchReport.Target.NONE);
        BenchReport.row(out, r.n(), "search_user_trades p50 (ms, 20 fills of one asset)", r.tradesP50Ms(), r.rawTradesP50Ms(),
                BenchReport.Target.NONE);
        return out.toString();
    }

    public static String json(Result r) {
        return String.format(Locale.ROOT, "{\"n\": %d, \"messages_per_s\": %.1f, \"raw_messages_per_s\": %.1f, "
                        + "\"fills_per_s\": %.1f, \"raw_fills_per_s\": %.1f, \"profile_p50_ms\": %.4f, "
                        + "\"profile_p95_ms\": %.4f, \"raw_profile_p50_ms\": %.4f, \"trades_p50_ms\": %.4f, "
                        + "\"raw_trades_p50_ms\": %.4f}", r.n(), r.messagesPerS(), r.rawMessagesPerS(), r.fillsPerS(),
                r.rawFillsPerS(), r.profileP50Ms(), r.profileP95Ms(), r.rawProfileP50Ms(), r.tradesP50Ms(),
                r.rawTradesP50Ms());
    }
}
