package dev.strata.bootstrap.retrieval;

import dev.strata.adapters.llm.embedding.BackgroundPriority;
import dev.strata.adapters.llm.embedding.DisabledEmbedder;
import dev.strata.adapters.llm.embedding.EmbedderFactory;
import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.llm.embedding.OpenAiEmbedderSettings;
import dev.strata.adapters.sqlite.SearchIndexCompaction;
import dev.strata.adapters.sqlite.SqliteBackgroundWrites;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteEmbeddingStateStore;
import dev.strata.adapters.sqlite.SqliteKeywordIndex;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteVectorStore;
import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.retrieval.BoundedQueryEmbedder;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.application.retrieval.HybridSearchService;
import dev.strata.application.retrieval.SearchAdmission;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.VectorStore;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The retrieval area: the keyword arm (SQLite FTS5), the configured embedder, the sqlite-vec vector
 * arm (when the extension loads), the fusion pipeline and the asynchronous embedding worker. Any
 * missing piece leaves search keyword-only, never failing start-up. {@link #embedder()} is the one searches use
 * (a {@link BoundedQueryEmbedder} over the configured one: a bound on concurrent query embeddings, a cache).
 */
public final class RetrievalModule implements AreaModule {

    private static final System.Logger LOG = System.getLogger(RetrievalModule.class.getName());

    /** The first compaction runs soon after start: a bulk import before a restart leaves the index in many segments. */
    private static final Duration FIRST_COMPACTION = Duration.ofSeconds(10);

    /** The extension is resolved once per JVM: it extracts a file and probes it. */
    private static volatile SqliteVecExtension vec;

    private final MemoryStore keywordIndex;
    private final BoundedQueryEmbedder embedder;
    private final Optional<SqliteVectorStore> vectors;
    private final HybridSearchService search;
    private final Optional<EmbeddingWorker> worker;
    private final Duration catchUpInterval;
    private final Optional<Job> compaction;
    /** The worker's writer thread, stopped after the worker. */
    private final Optional<SqliteBackgroundWrites> workerWrites;

    private RetrievalModule(MemoryStore keywordIndex, BoundedQueryEmbedder embedder, Optional<SqliteVectorStore> vectors,
                            HybridSearchService search, Optional<EmbeddingWorker> worker, Duration catchUpInterval,
                            Optional<Job> compaction, Optional<SqliteBackgroundWrites> workerWrites) {
        this.workerWrites = workerWrites;
        this.keywordIndex = keywordIndex;
        this.embedder = embedder;
        this.vectors = vectors;
        this.search = search;
        this.worker = worker;
        this.catchUpInterval = catchUpInterval;
        this.compaction = compaction;
    }

    /** The sqlite-vec extension every connection loads, unless embeddings are disabled. */
    public static Optional<SqliteVecExtension> vectorExtension(EmbeddingSettings embedding) {
        return embedding.provider() == EmbeddingProvider.DISABLED ? Optional.empty() : Optional.of(vecExtension());
    }

    public static RetrievalModule wire(SqliteDatabase db, SearchSettings search, EmbeddingSettings embedding,
                                       Clock clock) {
        MemoryStore keywordIndex = new SqliteMemoryStore(db, search.keywordCandidates());
        Embedder embedder = embedder(embedding, clock);
        Optional<SqliteVectorStore> vectors = embedder.modelInfo()
                .flatMap(info -> vectorStore(db, info.dimension(), search.vectorIndex()));
        HybridRanker ranker = new HybridRanker(search.fusion(), new FinanceEntityExtractor(), clock)
                .withTimeLift(search.timeLift()).withAnswerLift(search.answerLift()).withPassage(search.passage());
        // The worker computes vectors for seconds at a time, below request threads' CPU priority (issue 13); its
        // slices hold the write lock, so they run on a writer thread at normal priority (no priority inversion).
        Optional<SqliteBackgroundWrites> workerWrites = vectors.map(v ->
                SqliteBackgroundWrites.handedOff(db, "strata-embedding-writes"));
        Optional<EmbeddingWorker> worker = vectors.map(v -> new EmbeddingWorker(embedder, v,
                new SqliteEmbeddingStateStore(db), workerWrites.orElseThrow(), embedding.worker())
                .runOn(BackgroundPriority.threads("strata-embedding", embedding.workerNice())));
        // Searches embed their query through a bound on concurrent ones and a cache of identical ones.
        BoundedQueryEmbedder queries = new BoundedQueryEmbedder(embedder, embedding.worker().query());
        HybridSearchService pipeline = new HybridSearchService(keywordIndex, new SqliteKeywordIndex(db), queries,
                vectors.map(v -> (VectorStore) v), ranker, search.candidateDepth(),
                () -> worker.ifPresent(EmbeddingWorker::onSearched)).withAdmission(search.admission().bound());
        embedder.modelInfo().ifPresentOrElse(
                info -> LOG.log(System.Logger.Level.INFO, "embeddings: " + info.provider() + " " + info.modelId()
                        + " (" + info.dimension() + " dimensions); search mode "
                        + (pipeline.vectorArmAvailable() ? "hybrid" : "keyword")),
                () -> LOG.log(System.Logger.Level.INFO, "embeddings disabled; search mode keyword"));
        Optional<Job> compaction = search.indexCompactionInterval().isZero() ? Optional.empty()
                : Optional.of(new Job("compaction of the search indexes", FIRST_COMPACTION,
                        search.indexCompactionInterval(),
                        new SearchIndexCompaction(db, search.indexCompactionGrowthPercent())::compactIfGrown));
        return new RetrievalModule(keywordIndex, queries, vectors, pipeline, worker, embedding.catchUpInterval(),
                compaction, workerWrites);
    }

    /** The configured embedder; spec 02 "Failure Modes": a misconfigured provider degrades to keyword search. */
    private static Embedder embedder(EmbeddingSettings settings, Clock clock) {
        EmbeddingSettings.Local local = settings.local();
        EmbeddingSettings.OpenAi remote = settings.openAi();
        try {
            return new EmbedderFactory(local.queryInstruction(), local.queryThreads(), local.documentThreads())
                    .create(settings.provider(), local.model(),
                            () -> OpenAiEmbedderSettings.of(remote.baseUrl().orElse(OpenAiEmbedderSettings.DEFAULT_BASE_URL),
                                    remote.model(), remote.apiKey(), remote.dimension()),
                            clock);
        } catch (IllegalArgumentException e) {
            LOG.log(System.Logger.Level.WARNING, "embedding provider " + settings.provider().configName()
                    + " is misconfigured (" + e.getMessage() + "); search is keyword-only");
            return new DisabledEmbedder();
        }
    }

    private static SqliteVecExtension vecExtension() {
        SqliteVecExtension loaded = vec;
        if (loaded == null) {
            synchronized (RetrievalModule.class) {
                if (vec == null) {
                    vec = SqliteVecExtension.bundled();
                }
                loaded = vec;
            }
        }
        return loaded;
    }

    /**
     * The vector store; when its table holds vectors of another dimension (the model was switched),
     * they are unusable: the table is rebuilt and every row goes back to pending, for the server's
     * embedding catch-up or, faster, {@code strata reindex}.
     */
    private static Optional<SqliteVectorStore> vectorStore(SqliteDatabase db, int dimension,
                                                           SqliteVectorStore.InMemoryIndex inMemory) {
        try {
            return SqliteVectorStore.open(db, vecExtension(), dimension, inMemory);
        } catch (IllegalStateException e) {
            LOG.log(System.Logger.Level.WARNING, e.getMessage() + ": rebuilding the vector table; the server's "
                    + "embedding catch-up re-embeds every memory with the new model in the background, `strata reindex` "
                    + "does it at once");
            SqliteVectorStore.dropAll(db, vecExtension());
            new SqliteEmbeddingStateStore(db).resetAll();
            return SqliteVectorStore.open(db, vecExtension(), dimension, inMemory);
        }
    }

    /** BM25 over memories, bounded by {@code strata.search.keyword-candidates}: the keyword arm, read-only. */
    public MemoryStore keywordIndex() {
        return keywordIndex;
    }

    public Embedder embedder() {
        return embedder;
    }

    public Optional<SqliteVectorStore> vectors() {
        return vectors;
    }

    /** The search use case: keyword and vector arms, fused and re-ranked. */
    public HybridSearchService search() {
        return search;
    }

    /** The embedding worker, absent without an embedder or a vector store. */
    public Optional<EmbeddingWorker> worker() {
        return worker;
    }

    /** Registers the worker on the write path and starts its thread (the server; CLI commands embed synchronously). */
    public void startEmbedding(MemoryService memories) {
        worker.ifPresent(w -> {
            memories.addListener(w);
            w.start();
        });
    }

    /** The embedding backlog for health and metrics (with the worker only), its gauges registered; close it with the server. */
    public Optional<BacklogObservation> observation(SqliteDatabase db, Clock clock) {
        return worker.map(w -> {
            BacklogObservation observation = BacklogObservation.of(w, clock);
            observation.registerMetrics(db, embedder);
            return observation;
        });
    }

    /**
     * The search bound's gauges (waits, turned away, the longest wait), embeddings on or off; close them with the
     * server.
     */
    public RegisteredGauges searchMetrics() {
        SearchAdmission turns = search.admission();
        return new RegisteredGauges()
                .add("strata.search.admission.waits", "searches that found every turn taken and waited for one",
                        () -> turns.stats().waited())
                .add("strata.search.admission.turned.away", "searches answered 503 because they waited "
                        + "strata.search.max-wait-ms for their turn", () -> turns.stats().turnedAway())
                .add("strata.search.admission.longest.wait.ms", "the longest any search waited for its turn",
                        () -> turns.stats().longestWaitMicros() / 1_000.0);
    }

    /** Drops vectors of purged memories. */
    public void pruneVectors() {
        vectors.ifPresent(SqliteVectorStore::deleteOrphans);
    }

    /**
     * Embeds rows the worker never got to (a full queue, a stop or a crash) or that failed: at once, in the
     * background, so a restart catches up without {@code strata reindex}; then every interval. And the
     * compaction of the full-text indexes, unless switched off.
     */
    @Override
    public List<Job> jobs() {
        List<Job> jobs = new ArrayList<>();
        jobs.add(new Job("catch-up of pending embeddings", Duration.ZERO, catchUpInterval,
                () -> worker.ifPresent(EmbeddingWorker::catchUp)));
        compaction.ifPresent(jobs::add);
        return List.copyOf(jobs);
    }

    @Override
    public void close() {
        worker.ifPresent(EmbeddingWorker::close);
        workerWrites.ifPresent(SqliteBackgroundWrites::close);
    }
}
