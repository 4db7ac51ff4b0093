package dev.strata.bootstrap;

import dev.strata.adapters.llm.embedding.DisabledEmbedder;
import dev.strata.adapters.llm.embedding.EmbedderFactory;
import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.llm.embedding.LocalEmbeddingModel;
import dev.strata.adapters.llm.embedding.OpenAiEmbedderSettings;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteEmbeddingStateStore;
import dev.strata.adapters.sqlite.SqliteKeywordIndex;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.adapters.sqlite.SqliteVectorStore;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.application.retrieval.HybridSearchService;
import dev.strata.domain.entity.FinanceEntityExtractor;
import dev.strata.domain.model.Embedder;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.VectorStore;

import java.time.Clock;
import java.util.Optional;

/**
 * The hybrid-retrieval part of the wiring: the configured embedder, the sqlite-vec vector store
 * (when the extension loads), the search pipeline and the asynchronous embedding worker. Any
 * missing piece leaves search keyword-only, never failing start-up.
 */
public record Retrieval(Embedder embedder, Optional<SqliteVectorStore> vectors, HybridSearchService search,
                        Optional<EmbeddingWorker> worker) implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Retrieval.class.getName());

    /** The extension is resolved once per JVM: it extracts a file and probes it. */
    private static volatile SqliteVecExtension vec;

    static SqliteVecExtension vecExtension() {
        SqliteVecExtension loaded = vec;
        if (loaded == null) {
            synchronized (Retrieval.class) {
                if (vec == null) {
                    vec = SqliteVecExtension.bundled();
                }
                loaded = vec;
            }
        }
        return loaded;
    }

    /**
     * The configured embedding provider; one that cannot embed (spec 02 "Anthropic Provider Limitation":
     * Anthropic has no embeddings API) or that Strata does not know degrades to {@code disabled}, i.e.
     * keyword search, with one warning, instead of stopping start-up.
     */
    static EmbeddingProvider provider(String configured) {
        try {
            return EmbeddingProvider.fromConfigName(configured);
        } catch (IllegalArgumentException e) {
            String name = configured == null ? "" : configured.strip();
            LOG.log(System.Logger.Level.WARNING, "strata.embedding.provider (EMBEDDING_PROVIDER) '" + name + "' "
                    + (name.equalsIgnoreCase("anthropic") ? "cannot embed: Anthropic models have no embeddings API"
                    : "is not an embedding provider (local, openai or disabled)") + "; search is keyword-only");
            return EmbeddingProvider.DISABLED;
        }
    }

    /** Opens the database, with sqlite-vec in every connection unless embeddings are disabled. */
    static SqliteDatabase openDatabase(StrataSettings settings, Clock clock) {
        return settings.retrieval().provider() == EmbeddingProvider.DISABLED
                ? SqliteDatabase.open(settings.databaseFile(), settings.sqlite(), clock)
                : SqliteDatabase.open(settings.databaseFile(), settings.sqlite(), clock, vecExtension());
    }

    static Retrieval on(SqliteDatabase db, SqliteMemoryStore store, RetrievalSettings settings, Clock clock) {
        Embedder embedder = embedder(settings, clock);
        Optional<SqliteVectorStore> vectors = embedder.modelInfo().flatMap(info -> vectorStore(db, info.dimension()));
        HybridRanker ranker = new HybridRanker(settings.fusion(), new FinanceEntityExtractor(), clock);
        Optional<EmbeddingWorker> worker = vectors.map(v -> new EmbeddingWorker(embedder, v,
                new SqliteEmbeddingStateStore(db), settings.embedding()));
        HybridSearchService search = new HybridSearchService(store, new SqliteKeywordIndex(db), embedder,
                vectors.map(v -> (VectorStore) v),
                ranker, settings.candidateDepth(), () -> worker.ifPresent(EmbeddingWorker::onSearched));
        embedder.modelInfo().ifPresentOrElse(
                info -> LOG.log(System.Logger.Level.INFO, "embeddings: " + info.provider() + " " + info.modelId()
                        + " (" + info.dimension() + " dimensions); search mode "
                        + (search.vectorArmAvailable() ? "hybrid" : "keyword")),
                () -> LOG.log(System.Logger.Level.INFO, "embeddings disabled; search mode keyword"));
        return new Retrieval(embedder, vectors, search, worker);
    }

    /** The configured embedder; spec 02 "Failure Modes": a misconfigured provider degrades to keyword search. */
    private static Embedder embedder(RetrievalSettings settings, Clock clock) {
        try {
            return new EmbedderFactory(settings.queryInstruction(), settings.localQueryThreads(),
                    settings.localDocumentThreads()).create(settings.provider(),
                    settings.localModel().isBlank() ? LocalEmbeddingModel.DEFAULT
                            : LocalEmbeddingModel.fromConfigName(settings.localModel()),
                    () -> OpenAiEmbedderSettings.of(settings.openAiBaseUrl().orElse(OpenAiEmbedderSettings.DEFAULT_BASE_URL),
                            settings.openAiModel(), settings.openAiApiKey(), settings.openAiDimension()),
                    clock);
        } catch (IllegalArgumentException e) {
            LOG.log(System.Logger.Level.WARNING, "embedding provider " + settings.provider().configName()
                    + " is misconfigured (" + e.getMessage() + "); search is keyword-only");
            return new DisabledEmbedder();
        }
    }

    /**
     * The vector store; when its table holds vectors of another dimension (the model was switched),
     * they are unusable: the table is rebuilt and every row goes back to pending, for the server's
     * embedding catch-up or, faster, {@code strata reindex}.
     */
    private static Optional<SqliteVectorStore> vectorStore(SqliteDatabase db, int dimension) {
        try {
            return SqliteVectorStore.open(db, vecExtension(), dimension);
        } catch (IllegalStateException e) {
            LOG.log(System.Logger.Level.WARNING, e.getMessage() + ": rebuilding the vector table; the server's "
                    + "embedding catch-up re-embeds every memory with the new model in the background, `strata reindex` "
                    + "does it at once");
            SqliteVectorStore.dropAll(db, vecExtension());
            new SqliteEmbeddingStateStore(db).resetAll();
            return SqliteVectorStore.open(db, vecExtension(), dimension);
        }
    }

    /** Registers the worker on the write path and starts its thread (the server; CLI commands embed synchronously). */
    void startEmbedding(MemoryService memories) {
        worker.ifPresent(w -> {
            memories.addListener(w);
            w.start();
        });
    }

    /** The catch-up use case: queues rows left pending or failed (no-op without an embedder). */
    void catchUpEmbeddings() {
        worker.ifPresent(EmbeddingWorker::catchUp);
    }

    /** Drops vectors of purged memories. */
    void pruneVectors() {
        vectors.ifPresent(SqliteVectorStore::deleteOrphans);
    }

    @Override
    public void close() {
        worker.ifPresent(EmbeddingWorker::close);
    }
}
