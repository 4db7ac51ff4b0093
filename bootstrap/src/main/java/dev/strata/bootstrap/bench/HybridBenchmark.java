package dev.strata.bootstrap.bench;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.sqlite.SearchIndexCompaction;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteVectorStore;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SearchResults;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.application.retrieval.HybridSearchService;
import dev.strata.application.retrieval.RetrievalMode;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.retrieval.EmbeddingSettings;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.retrieval.SearchMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Hybrid search at scale (issue 19): on a corpus of N synthetic memories with their vectors, each query
 * searched in hybrid mode (query embedding included), in keyword mode through the same ranker, and as the
 * bare FTS5 query; the vector arm's KNN alone on pre-embedded queries; batched writes while the embedding
 * worker embeds them, against raw inserts; the process's resident memory with the model loaded.
 *
 * <p>The corpus is built once per {@link CorpusCache.Key} (size, tenants, seed, model) under the work
 * directory and reused by later runs, so that only the first run pays for embedding it. From
 * {@value #SCALE} memories on, the corpus is spread over {@value #TENANTS_AT_SCALE} tenants and the
 * queries go to the first one.
 */
public final class HybridBenchmark {

    private static final WriteOrigin BENCH = WriteOrigin.operator(Actor.system("bench"));

    /** The corpus seed: part of the corpus key, so a change makes earlier corpora stale. */
    static final long SEED = 42;
    static final int SCALE = 1_000_000;
    static final int TENANTS_AT_SCALE = 100;
    /** The write measurement writes at most this many memories to a throwaway database. */
    static final int MAX_WRITE_SAMPLE = 10_000;
    /**
     * The corpus draws its contents from this many distinct texts. The embedding cache (content hash, model)
     * then embeds each text once, which makes a 100k corpus buildable in minutes on a loaded 2-core machine
     * (about 10 memories/s embedded there); sqlite-vec's KNN scans every vector of the tenant whether or not
     * two are equal, so the vector and hybrid timings do not depend on how many texts are distinct.
     */
    static final int DISTINCT_TEXTS = 3_000;
    static final int WARM_UP_BATCHES = 10;

    /**
     * One size's figures; times in milliseconds, rates per second.
     *
     * @param corpusReused       whether the corpus came from an earlier run
     * @param corpusBuildSeconds how long writing and embedding the corpus took (in that earlier run if reused)
     * @param vectors            chunk vectors in the corpus
     * @param writeSample        memories written for the write figures (at most {@value #MAX_WRITE_SAMPLE})
     * @param vectorKnnP50Ms     the vector store's KNN as configured (the in-memory index unless switched off)
     * @param vectorScanP50Ms    sqlite-vec's exact scan of the same queries, the same run: the KNN's baseline
     * @param vectorRecall       share of the exact top-{@code candidate-depth} the KNN found (by distance, so that
     *                           equal vectors are interchangeable: the corpus repeats its texts)
     * @param vectorIndexMb      heap the in-memory index held after the searches (0 when off)
     * @param vectorIndexLoadMs  the first search of the tenant, which loads it into the in-memory index
     */
    public record Figures(int n, int tenants, boolean corpusReused, double corpusBuildSeconds, long vectors,
                          double hybridP50Ms, double hybridP95Ms, double keywordP50Ms, double keywordP95Ms,
                          double rawFtsP50Ms, double vectorKnnP50Ms, double vectorKnnP95Ms,
                          double queryEmbeddingP50Ms, int writeSample, double writeWithEmbeddingsPerS,
                          double rawInsertPerS, double rssMb, int distinctTexts, double vectorScanP50Ms,
                          double vectorRecall, double vectorIndexMb, double vectorIndexLoadMs) {
    }

    private final StrataSettings baseSettings;
    private final int rounds;
    private final Consumer<String> progress;
    private final int distinctTexts;
    private final int warmUpBatches;

    /**
     * @param settings the configured settings; their embedding provider is used (it must not be disabled)
     */
    public HybridBenchmark(StrataSettings settings, int rounds, Consumer<String> progress) {
        this(settings, rounds, progress, DISTINCT_TEXTS, WARM_UP_BATCHES);
    }

    /** Smaller corpora and warm-ups for tests. */
    HybridBenchmark(StrataSettings settings, int rounds, Consumer<String> progress, int distinctTexts,
                    int warmUpBatches) {
        if (settings.embedding().provider() == EmbeddingProvider.DISABLED) {
            throw new IllegalArgumentException("hybrid search needs an embedding provider; EMBEDDING_PROVIDER is "
                    + "disabled");
        }
        // Its rounds repeat the same queries: with the query-embedding cache they would time the cache.
        this.baseSettings = settings.with(settings.embedding().withoutQueryCache());
        this.rounds = rounds;
        this.progress = progress;
        this.distinctTexts = distinctTexts;
        this.warmUpBatches = warmUpBatches;
    }

    /** The tenants a corpus of {@code n} memories is spread over. */
    static int tenants(int n) {
        return n >= SCALE ? TENANTS_AT_SCALE : 1;
    }

    static Tenant tenant(int index, int tenants) {
        return Tenant.of(tenants == 1 ? "bench" : String.format(Locale.ROOT, "bench-%03d", index));
    }

    /** The embedding model's identity as configured: vectors of another model, dimension or endpoint differ. */
    static String modelKey(EmbeddingSettings embedding) {
        return switch (embedding.provider()) {
            case LOCAL -> "local:" + embedding.local().model().name();
            case OPENAI -> "openai:" + embedding.openAi().baseUrl().map(Object::toString).orElse("default") + ":"
                    + embedding.openAi().model() + ":" + embedding.openAi().dimension().orElse(0);
            default -> embedding.provider().configName();
        };
    }

    public List<Figures> run(List<Integer> sizes, Path workDir) throws IOException, SQLException {
        CorpusCache cache = new CorpusCache(Files.createDirectories(workDir.resolve("hybrid")));
        List<Figures> out = new ArrayList<>();
        for (int n : sizes) {
            out.add(measure(n, cache, workDir));
        }
        return out;
    }

    private Figures measure(int n, CorpusCache cache, Path workDir) throws IOException, SQLException {
        int tenants = tenants(n);
        CorpusCache.Key key = new CorpusCache.Key(n, tenants, SEED, Math.min(n, distinctTexts),
                modelKey(baseSettings.embedding()));
        Optional<CorpusCache.Manifest> reused = cache.reusable(key);
        CorpusCache.Manifest corpus = reused.isPresent() ? reused.get() : build(key, cache);
        progress.accept("n=" + n + ": corpus " + (reused.isPresent() ? "reused" : "built") + " at " + cache.dir(key));

        Tenant tenant = tenant(0, tenants);
        List<String> queries = SyntheticMemories.queries();
        double[] hybrid;
        double[] keyword;
        double[] raw;
        double[] knn;
        double[] scan;
        double[] embed;
        double rss;
        double recall;
        double indexMb;
        double loadMs;
        try (StrataCore core = StrataCore.open(baseSettings.withDataDir(cache.dir(key)), Clock.systemUTC())) {
            HybridSearchService search = core.retrieval().search();
            if (!search.vectorArmAvailable()) {
                throw new IllegalStateException("the vector arm is unavailable (sqlite-vec did not load)");
            }
            if (reused.isPresent()) {
                // As the server's job would have by now; a corpus built by an earlier build may hold an index that
                // build did not compact (the passage index before it joined the compaction). A no-op read otherwise.
                new SearchIndexCompaction(core.database(), baseSettings.search().indexCompactionGrowthPercent()).compact();
            }
            int depth = baseSettings.search().candidateDepth();
            SqliteVectorStore vectors = core.retrieval().vectors().orElseThrow();
            long load = System.nanoTime();
            vectors.nearest(tenant, core.retrieval().embedder().embedQuery(queries.getFirst()), depth);
            loadMs = (System.nanoTime() - load) / 1e6;
            progress.accept("n=" + n + ": hybrid search");
            hybrid = time(queries, q -> requireMode(search.search(request(tenant, q), RetrievalMode.HYBRID),
                    SearchMode.HYBRID, q));
            progress.accept("n=" + n + ": keyword search");
            keyword = time(queries, q -> search.search(request(tenant, q), RetrievalMode.BM25));
            try (Connection c = core.database().connection();
                 PreparedStatement ps = c.prepareStatement(
                         "SELECT rowid, rank FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?")) {
                raw = time(queries, q -> rawSearch(ps, SqliteMemoryStore.ftsMatchExpression(q)));
            }
            progress.accept("n=" + n + ": query embedding and vector KNN");
            embed = time(queries, q -> core.retrieval().embedder().embedQuery(q));
            List<Embedding> embedded = queries.stream().map(q -> core.retrieval().embedder().embedQuery(q)).toList();
            List<String> indexes = new ArrayList<>();
            for (int i = 0; i < embedded.size(); i++) {
                indexes.add(Integer.toString(i));
            }
            knn = time(indexes, i -> vectors.nearest(tenant, embedded.get(Integer.parseInt(i)), depth));
            scan = time(indexes, i -> vectors.nearestExact(tenant, embedded.get(Integer.parseInt(i)), depth));
            recall = recall(vectors, tenant, embedded, depth);
            indexMb = vectors.inMemoryBytes() / 1_048_576.0;
            rss = MemoryBenchmark.residentMb();
        }

        progress.accept("n=" + n + ": batched writes with embeddings, then raw inserts");
        int sample = Math.min(n, MAX_WRITE_SAMPLE);
        Path scratch = Files.createDirectories(workDir.resolve("hybrid-writes"));
        double[] writes;
        try {
            writes = writesWithEmbeddings(sample, scratch);
        } finally {
            CorpusCache.deleteTree(scratch);
        }
        return new Figures(n, tenants, reused.isPresent(), corpus.buildSeconds(), corpus.vectors(),
                MemoryBenchmark.percentile(hybrid, 50), MemoryBenchmark.percentile(hybrid, 95),
                MemoryBenchmark.percentile(keyword, 50), MemoryBenchmark.percentile(keyword, 95),
                MemoryBenchmark.percentile(raw, 50), MemoryBenchmark.percentile(knn, 50),
                MemoryBenchmark.percentile(knn, 95), MemoryBenchmark.percentile(embed, 50), sample, writes[0],
                writes[1], rss, key.distinctTexts(), MemoryBenchmark.percentile(scan, 50), recall, indexMb, loadMs);
    }

    /**
     * The share of the exact top-{@code depth} (sqlite-vec's scan) that the configured KNN found, by distance: a
     * result counts when it is at most as far as the exact answer's farthest, so that equal vectors are
     * interchangeable (the corpus repeats its texts, and which of two copies comes back is arbitrary).
     */
    static double recall(SqliteVectorStore vectors, Tenant tenant, List<Embedding> queries, int depth) {
        long found = 0;
        long asked = 0;
        for (Embedding q : queries) {
            List<dev.strata.domain.retrieval.VectorMatch> exact = vectors.nearestExact(tenant, q, depth);
            if (exact.isEmpty()) {
                continue;
            }
            double farthest = exact.getLast().distance() + 1e-6;
            found += Math.min(exact.size(), vectors.nearest(tenant, q, depth).stream()
                    .filter(m -> m.distance() <= farthest).count());
            asked += exact.size();
        }
        return asked == 0 ? 1 : (double) found / asked;
    }

    /**
     * Writes the corpus through Strata in batches (round-robin over its tenants), then embeds it all at once
     * with every core, as {@code strata reindex} does, compacts the search indexes as the server's job would,
     * and marks it finished.
     */
    private CorpusCache.Manifest build(CorpusCache.Key key, CorpusCache cache) throws IOException {
        Path dir = cache.prepare(key);
        EmbeddingSettings e = baseSettings.embedding();
        EmbeddingSettings allCores = new EmbeddingSettings(e.provider(), new EmbeddingSettings.Local(e.local().model(),
                e.local().queryInstruction(), e.local().queryThreads(), 0), e.openAi(), e.worker(), e.catchUpInterval(),
                e.workerNice());
        StrataSettings settings = baseSettings.withDataDir(dir).with(allCores);
        long start = System.nanoTime();
        long vectors;
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            MemoryService memories = core.memory().memories();
            SyntheticMemories corpus = new SyntheticMemories(key.seed());
            String[][] texts = new String[key.distinctTexts()][];
            for (int i = 0; i < texts.length; i++) {
                texts[i] = new String[] {corpus.category(), corpus.content()};
            }
            progress.accept("n=" + key.n() + ": building the corpus (" + key.tenants() + " tenants, " + texts.length
                    + " distinct texts): writing");
            int next = 0;
            for (int written = 0; written < key.n(); written += MemoryBenchmark.BATCH) {
                int size = Math.min(MemoryBenchmark.BATCH, key.n() - written);
                List<WriteMemory> batch = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    String[] text = texts[corpus.roll(texts.length)];
                    batch.add(new WriteMemory(tenant(next++ % key.tenants(), key.tenants()), text[0], text[1],
                            Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), BENCH));
                }
                memories.writeAll(batch);
            }
            EmbeddingWorker worker = core.retrieval().worker().orElseThrow(
                    () -> new IllegalStateException("no embedding worker: the model or sqlite-vec did not load"));
            long total = worker.countToReindex(false);
            progress.accept("n=" + key.n() + ": embedding " + total + " memories (minutes; later runs reuse them)");
            long step = Math.max(1, total / 10);
            long[] reported = {0};
            worker.reindex(false, done -> {
                if (done - reported[0] >= step) {
                    reported[0] = done;
                    progress.accept("n=" + key.n() + ": embedded " + done + "/" + total);
                }
            });
            new SearchIndexCompaction(core.database(), baseSettings.search().indexCompactionGrowthPercent()).compact();
            vectors = countVectors(core);
        } catch (SQLException ex) {
            throw new IllegalStateException("could not build the corpus: " + ex.getMessage(), ex);
        }
        CorpusCache.Manifest built = new CorpusCache.Manifest(MemoryBenchmark.seconds(start), vectors);
        cache.complete(key, settings.storage().databaseFile(), built);
        return built;
    }

    private static long countVectors(StrataCore core) throws SQLException {
        try (Connection c = core.database().connection(); var s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM memory_chunk_vectors")) {
            r.next();
            return r.getLong(1);
        }
    }

    /**
     * Batched writes through Strata into a throwaway database while the embedding worker embeds them (as the
     * server runs), then raw batched INSERTs of as many rows under another tenant, as in {@link MemoryBenchmark}.
     * The first batches are untimed, so that the JIT is not timed compiling the write path.
     */
    private double[] writesWithEmbeddings(int sample, Path dir) throws SQLException {
        try (StrataCore core = StrataCore.open(baseSettings.withDataDir(dir), Clock.systemUTC())) {
            MemoryService memories = core.memory().memories();
            core.retrieval().startEmbedding(memories);
            SyntheticMemories warm = new SyntheticMemories(7);
            for (int b = 0; b < warmUpBatches; b++) {
                memories.writeAll(batch(Tenant.of("warm-up"), warm, MemoryBenchmark.BATCH));
            }
            SyntheticMemories corpus = new SyntheticMemories(SEED);
            Tenant tenant = Tenant.of("bench");
            long start = System.nanoTime();
            for (int written = 0; written < sample; written += MemoryBenchmark.BATCH) {
                memories.writeAll(batch(tenant, corpus, Math.min(MemoryBenchmark.BATCH, sample - written)));
            }
            double perS = sample / MemoryBenchmark.seconds(start);
            double rawPerS = MemoryBenchmark.rawInserts(core.database(), sample, new SyntheticMemories(SEED));
            return new double[] {perS, rawPerS};
        }
    }

    private static List<WriteMemory> batch(Tenant tenant, SyntheticMemories corpus, int size) {
        List<WriteMemory> batch = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            batch.add(new WriteMemory(tenant, corpus.category(), corpus.content(), Metadata.EMPTY,
                    Optional.of(Source.AGENT_RECORDED), BENCH));
        }
        return batch;
    }

    private static SearchRequest request(Tenant tenant, String query) {
        return new SearchRequest(tenant, query, MemoryBenchmark.SEARCH_LIMIT, Optional.empty());
    }

    /** A hybrid figure must time hybrid search: an answer that fell back to keyword mode stops the run. */
    private static void requireMode(SearchResults results, SearchMode expected, String query) {
        if (results.mode() != expected) {
            throw new IllegalStateException("'" + query + "' was answered in " + results.mode() + " mode, not "
                    + expected + ": the query embedding failed or the corpus has no vectors");
        }
    }

    private static void rawSearch(PreparedStatement ps, String match) {
        try {
            ps.setString(1, match);
            ps.setInt(2, MemoryBenchmark.SEARCH_LIMIT);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rs.getLong(1);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Two warm-up rounds, then {@code rounds} timed rounds over every input. */
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
}
