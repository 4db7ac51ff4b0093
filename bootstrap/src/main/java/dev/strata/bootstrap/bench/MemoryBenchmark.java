package dev.strata.bootstrap.bench;

import dev.strata.adapters.sqlite.SearchIndexCompaction;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Measures Strata against the raw SQLite it is built on, in the same process and on the same
 * database file: batched and single writes against raw batched INSERTs (same columns, same FTS5
 * trigger), search against the bare FTS5 MATCH of the same expression, plus search over HTTP and
 * snapshot rendering, the learning loop's outcome recording and compiled page ({@link LearningBenchmark}), and
 * one agent tool call over MCP against the same call over REST ({@link McpBenchmark}). Reports medians, so one slow sample (a GC, a checkpoint) does not move them.
 */
public final class MemoryBenchmark {

    /** The benchmark writes as the operator's own tool, recorded as such in the audit log. */
    private static final WriteOrigin BENCH = WriteOrigin.operator(Actor.system("bench"));

    static final int BATCH = 1_000;
    static final int SINGLE_WRITES = 500;
    static final int SEARCH_LIMIT = 10;
    static final int WARM_UP_BATCHES = 10;

    /** One size's figures; times in milliseconds, rates per second. */
    public record Run(int n, double searchP50Ms, double searchP95Ms, double rawFtsP50Ms, double httpSearchP50Ms,
                      double writeBatchPerS, double writeSinglePerS, double rawInsertPerS, double snapshotP50Ms,
                      double rssMb, double uncompactedSearchP50Ms, double indexCompactionMs,
                      LearningBenchmark.Figures learning, McpBenchmark.Figures mcp) {
    }

    private final StrataSettings baseSettings;
    private final int rounds;
    /** Untimed snapshot renders before the timed ones, so the JIT has compiled the render path. */
    static final int SNAPSHOT_WARM_UP = 300;
    /** Timed snapshot renders per round: a render is about a millisecond, so a round of one would be too few. */
    static final int SNAPSHOT_SAMPLES_PER_ROUND = 20;

    private final Consumer<String> progress;

    public MemoryBenchmark(StrataSettings baseSettings, int rounds, Consumer<String> progress) {
        // Its rounds repeat the same queries: with the query-embedding cache they would time the cache.
        this.baseSettings = baseSettings.with(baseSettings.embedding().withoutQueryCache());
        this.rounds = rounds;
        this.progress = progress;
    }

    public List<Run> run(List<Integer> sizes, Path workDir) throws IOException, InterruptedException, SQLException {
        warmUp(fresh(workDir.resolve("warm-up")));
        List<Run> runs = new ArrayList<>();
        for (int n : sizes) {
            Path dir = fresh(workDir.resolve("n-" + n));
            // The server's compaction job is off: the benchmark compacts at a known moment and times it.
            StrataSettings settings = baseSettings.withDataDir(dir)
                    .with(ServerSettings.on("127.0.0.1", 0))
                    .with(baseSettings.search().withIndexCompactionInterval(Duration.ZERO));
            try (Strata strata = Strata.start(settings, Clock.systemUTC())) {
                runs.add(measure(n, strata));
            }
        }
        return runs;
    }

    /**
     * An empty directory for one measurement's database. Under a {@code --work-dir} kept for its hybrid corpus,
     * the previous run's database would otherwise be measured again on top of, and the learning benchmark's
     * first preference, already approved there, stopped the second run.
     */
    static Path fresh(Path dir) throws IOException {
        CorpusCache.deleteTree(dir);
        return Files.createDirectories(dir);
    }

    /**
     * The write path compiled before anything is timed, on a database of its own: searches get two
     * untimed rounds, and without this the first size's writes would be timed while the JIT is still
     * compiling the extraction and scanning code (the raw baseline, measured last, never is).
     */
    private void warmUp(Path dir) {
        progress.accept("warm-up");
        StrataSettings settings = baseSettings.withDataDir(dir).with(ServerSettings.on("127.0.0.1", 0));
        try (Strata strata = Strata.start(settings, Clock.systemUTC())) {
            MemoryService memories = strata.core().memory().memories();
            Tenant tenant = Tenant.of("warm-up");
            SyntheticMemories corpus = new SyntheticMemories(7);
            for (int batch = 0; batch < WARM_UP_BATCHES; batch++) {
                List<WriteMemory> writes = new ArrayList<>(BATCH);
                for (int i = 0; i < BATCH; i++) {
                    writes.add(new WriteMemory(tenant, corpus.category(), corpus.content(), Metadata.EMPTY,
                            Optional.of(Source.AGENT_RECORDED), BENCH));
                }
                memories.writeAll(writes);
            }
        }
    }

    private Run measure(int n, Strata strata) throws IOException, InterruptedException, SQLException {
        MemoryService memories = strata.core().memory().memories();
        Tenant tenant = Tenant.of("bench");
        SyntheticMemories corpus = new SyntheticMemories(42);

        progress.accept("n=" + n + ": batched writes");
        long start = System.nanoTime();
        for (int written = 0; written < n; written += BATCH) {
            int size = Math.min(BATCH, n - written);
            List<WriteMemory> batch = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                batch.add(new WriteMemory(tenant, corpus.category(), corpus.content(), Metadata.EMPTY,
                        Optional.of(Source.AGENT_RECORDED), BENCH));
            }
            memories.writeAll(batch);
        }
        double batchPerS = n / seconds(start);

        progress.accept("n=" + n + ": single writes");
        start = System.nanoTime();
        for (int i = 0; i < SINGLE_WRITES; i++) {
            memories.write(new WriteMemory(tenant, corpus.category(), corpus.content(), Metadata.EMPTY,
                    Optional.of(Source.AGENT_RECORDED), BENCH));
        }
        double singlePerS = SINGLE_WRITES / seconds(start);
        double rssMb = residentMb();

        List<String> queries = SyntheticMemories.queries();
        progress.accept("n=" + n + ": search right after the load");
        double[] uncompacted = time(queries, q -> memories.search(tenant, q, Optional.of(SEARCH_LIMIT),
                Optional.empty()));
        // What the server's compaction job does within a minute of a bulk load; every figure below is taken after it.
        progress.accept("n=" + n + ": index compaction");
        start = System.nanoTime();
        new SearchIndexCompaction(strata.core().database(), baseSettings.search().indexCompactionGrowthPercent()).compact();
        double compactionMs = (System.nanoTime() - start) / 1e6;
        progress.accept("n=" + n + ": search");
        double[] search = time(queries, q -> memories.search(tenant, q, Optional.of(SEARCH_LIMIT), Optional.empty()));
        double[] raw;
        try (Connection c = strata.core().database().connection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT rowid, rank FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?")) {
            raw = time(queries, q -> rawSearch(ps, SqliteMemoryStore.ftsMatchExpression(q)));
        }
        progress.accept("n=" + n + ": search over HTTP");
        double[] http = httpSearch(strata.port(), queries);
        progress.accept("n=" + n + ": the memory_search tool over MCP and over REST");
        McpBenchmark.Figures mcp = McpBenchmark.measure(strata.port(), tenant.value(), queries, rounds, SEARCH_LIMIT);
        progress.accept("n=" + n + ": snapshot");
        double[] snapshot = timeWarm(SNAPSHOT_WARM_UP, rounds * SNAPSHOT_SAMPLES_PER_ROUND, () -> strata.core().session().snapshots().render(tenant));
        progress.accept("n=" + n + ": learning outcomes and compiled pages");
        LearningBenchmark.Figures learning = new LearningBenchmark(rounds, baseSettings.learning().loop().policy())
                .measure(strata.core().learning(), strata.core().database());
        progress.accept("n=" + n + ": raw inserts");
        double rawInsertPerS = rawInserts(strata.core().database(), n, new SyntheticMemories(42));

        return new Run(n, percentile(search, 50), percentile(search, 95), percentile(raw, 50), percentile(http, 50),
                batchPerS, singlePerS, rawInsertPerS, percentile(snapshot, 50), rssMb, percentile(uncompacted, 50),
                compactionMs, learning, mcp);
    }

    /**
     * The baseline: the same rows inserted with plain JDBC, one reused prepared statement executed
     * as a batch per 1,000-row transaction, into the very same {@code memories} table (same indexes,
     * same FTS5 trigger) under a tenant of their own. This is the storage work Strata's batched write
     * cannot avoid; the ratio shows what validation, the domain model and the service layer add.
     */
    static double rawInserts(SqliteDatabase db, int n, SyntheticMemories corpus) throws SQLException {
        try (Connection c = db.connection()) {
            String now = Instant.now().toString();
            long start = System.nanoTime();
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO memories(tenant, category, content, "
                    + "metadata, source, created_at, updated_at, occurred_at) "
                    + "VALUES (?, ?, ?, NULL, 'agent_recorded', ?, ?, ?)")) {
                for (int written = 0; written < n; written += BATCH) {
                    for (int i = 0; i < Math.min(BATCH, n - written); i++) {
                        ps.setString(1, "bench-raw");
                        ps.setString(2, corpus.category());
                        ps.setString(3, corpus.content());
                        ps.setString(4, now);
                        ps.setString(5, now);
                        ps.setString(6, now);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                    c.commit();
                }
            } finally {
                c.setAutoCommit(true);
            }
            return n / seconds(start);
        }
    }

    private static void rawSearch(PreparedStatement ps, String match) {
        try {
            ps.setString(1, match);
            ps.setInt(2, SEARCH_LIMIT);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rs.getLong(1);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Searches over one kept-alive loopback connection (see {@link KeepAliveHttpClient} for why not java.net.http). */
    private double[] httpSearch(int port, List<String> queries) throws IOException {
        Map<String, String> headers = Map.of("Content-Type", "application/json", "X-Strata-Tenant", "bench");
        try (KeepAliveHttpClient client = new KeepAliveHttpClient(port)) {
            List<Double> samples = new ArrayList<>();
            for (int round = -2; round < rounds; round++) {
                for (String q : queries) {
                    String body = "{\"query\":\"" + q.replace("\"", "\\\"") + "\",\"limit\":" + SEARCH_LIMIT + "}";
                    long t = System.nanoTime();
                    KeepAliveHttpClient.Response res = client.post("/v1/memory/search", headers, body);
                    double ms = (System.nanoTime() - t) / 1e6;
                    if (res.status() != 200) {
                        throw new IllegalStateException("search over HTTP answered " + res.status() + ": " + res.body());
                    }
                    if (round >= 0) {
                        samples.add(ms);
                    }
                }
            }
            return samples.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    /** Two warm-up rounds, then {@code rounds} timed rounds over every input. */
    /**
     * Times {@code samples} calls after {@code warmUp} untimed ones. A single operation timed over the query
     * rounds would be called a dozen times, so its median would time the interpreter and class loading rather
     * than the compiled path a running server takes.
     */
    private static double[] timeWarm(int warmUp, int samples, Runnable action) {
        for (int i = 0; i < warmUp; i++) {
            action.run();
        }
        double[] out = new double[samples];
        for (int i = 0; i < samples; i++) {
            long t = System.nanoTime();
            action.run();
            out[i] = (System.nanoTime() - t) / 1e6;
        }
        return out;
    }

    private double[] time(List<String> inputs, Consumer<String> action) {
        List<Double> samples = new ArrayList<>();
        for (int round = -2; round < rounds; round++) {
            for (String input : inputs) {
                long t = System.nanoTime();
                action.accept(input);
                if (round >= 0) {
                    samples.add((System.nanoTime() - t) / 1e6);
                }
            }
        }
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static double percentile(double[] samples, int p) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** Resident set size from /proc on Linux; elsewhere the JVM's used heap as an approximation. */
    static double residentMb() {
        Path status = Path.of("/proc/self/status");
        if (Files.isReadable(status)) {
            try {
                for (String line : Files.readAllLines(status)) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // fall through to the heap estimate
            }
        }
        Runtime rt = Runtime.getRuntime();
        return (rt.totalMemory() - rt.freeMemory()) / (1024.0 * 1024.0);
    }
}
