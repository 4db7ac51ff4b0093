package dev.strata.bootstrap.retrieval;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.adapters.llm.embedding.LocalEmbeddingModel;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Embeddings: which model embeds memories and queries, and how the background worker runs
 * ({@code strata.embedding.*}).
 *
 * @param provider        {@code local} (in-process ONNX, the default), {@code openai} or {@code disabled}
 * @param local           the in-process model
 * @param openAi          the OpenAI-compatible endpoint, read only for provider {@code openai}
 * @param worker          queue, batch, chunking and yielding of the asynchronous embedding worker
 * @param catchUpInterval how often rows left pending (or failed) are queued again for embedding; also once at start
 * @param workerNice      the embedding worker thread's nice value (Linux): 1..19 run it below request threads'
 *                        CPU priority, 0 leaves it equal
 */
public record EmbeddingSettings(EmbeddingProvider provider, Local local, OpenAi openAi,
                                dev.strata.application.retrieval.EmbeddingSettings worker, Duration catchUpInterval,
                                int workerNice)
        implements AreaSettings {

    static final ConfigKey PROVIDER = new ConfigKey("strata.embedding.provider", "EMBEDDING_PROVIDER");
    static final ConfigKey LOCAL_MODEL = new ConfigKey("strata.embedding.local-model", "STRATA_EMBEDDING_LOCAL_MODEL");
    static final ConfigKey QUERY_INSTRUCTION =
            new ConfigKey("strata.embedding.query-instruction", "STRATA_EMBEDDING_QUERY_INSTRUCTION");
    static final ConfigKey LOCAL_QUERY_THREADS =
            new ConfigKey("strata.embedding.local-query-threads", "STRATA_EMBEDDING_LOCAL_QUERY_THREADS");
    static final ConfigKey LOCAL_DOCUMENT_THREADS =
            new ConfigKey("strata.embedding.local-document-threads", "STRATA_EMBEDDING_LOCAL_DOCUMENT_THREADS");
    static final ConfigKey OPENAI_BASE_URL =
            new ConfigKey("strata.embedding.openai-base-url", "STRATA_EMBEDDING_OPENAI_BASE_URL");
    static final ConfigKey OPENAI_MODEL = new ConfigKey("strata.embedding.openai-model", "STRATA_EMBEDDING_OPENAI_MODEL");
    static final ConfigKey OPENAI_API_KEY =
            new ConfigKey("strata.embedding.openai-api-key", "STRATA_EMBEDDING_OPENAI_API_KEY");
    static final ConfigKey OPENAI_DIMENSION =
            new ConfigKey("strata.embedding.openai-dimension", "STRATA_EMBEDDING_OPENAI_DIMENSION");
    static final ConfigKey QUEUE_CAPACITY =
            new ConfigKey("strata.embedding.queue-capacity", "STRATA_EMBEDDING_QUEUE_CAPACITY");
    static final ConfigKey BATCH_SIZE = new ConfigKey("strata.embedding.batch-size", "STRATA_EMBEDDING_BATCH_SIZE");
    static final ConfigKey CATCH_UP_INTERVAL = new ConfigKey("strata.embedding.catch-up-interval-seconds",
            "STRATA_EMBEDDING_CATCH_UP_INTERVAL_SECONDS");
    static final ConfigKey YIELD_QUIET = new ConfigKey("strata.embedding.yield-quiet-ms", "STRATA_EMBEDDING_YIELD_QUIET_MS");
    static final ConfigKey YIELD_MAX_WAIT =
            new ConfigKey("strata.embedding.yield-max-wait-ms", "STRATA_EMBEDDING_YIELD_MAX_WAIT_MS");
    static final ConfigKey YIELD_MIN_SHARE = new ConfigKey("strata.embedding.yield-min-share-percent",
            "STRATA_EMBEDDING_YIELD_MIN_SHARE_PERCENT");
    static final ConfigKey BACKLOG_ROWS =
            new ConfigKey("strata.embedding.backlog-rows", "STRATA_EMBEDDING_BACKLOG_ROWS");
    static final ConfigKey BACKLOG_CPU =
            new ConfigKey("strata.embedding.backlog-cpu-percent", "STRATA_EMBEDDING_BACKLOG_CPU_PERCENT");
    static final ConfigKey WORKER_NICE = new ConfigKey("strata.embedding.worker-nice", "STRATA_EMBEDDING_WORKER_NICE");

    /**
     * The in-process model.
     *
     * @param model            bge-small-en-v1.5 (the default) or all-minilm-l6-v2
     * @param queryInstruction whether queries are prefixed with the model's instruction
     * @param queryThreads     inference threads for one query (0 = one per core)
     * @param documentThreads  inference threads of the background embedding (0 = one per core)
     */
    public record Local(LocalEmbeddingModel model, boolean queryInstruction, int queryThreads, int documentThreads) {

        public Local {
            Objects.requireNonNull(model, "model");
            if (queryThreads < 0 || queryThreads > 64) {
                throw LOCAL_QUERY_THREADS.invalid("in [0, 64]", queryThreads);
            }
            if (documentThreads < 0 || documentThreads > 64) {
                throw LOCAL_DOCUMENT_THREADS.invalid("in [0, 64]", documentThreads);
            }
        }
    }

    /**
     * A remote OpenAI-compatible model; its client settings check these when the provider is {@code openai}.
     *
     * @param baseUrl   empty: the public API
     * @param apiKey    empty for keyless local servers
     * @param dimension a dimension to ask the model for (empty: the model's own)
     */
    public record OpenAi(Optional<URI> baseUrl, String model, Optional<String> apiKey, OptionalInt dimension) {

        public OpenAi {
            Objects.requireNonNull(baseUrl, "baseUrl");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(apiKey, "apiKey");
            Objects.requireNonNull(dimension, "dimension");
        }
    }

    public EmbeddingSettings {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(local, "local");
        Objects.requireNonNull(openAi, "openAi");
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(catchUpInterval, "catchUpInterval");
        if (catchUpInterval.toSeconds() < 1) {
            throw CATCH_UP_INTERVAL.invalid("at least 1", catchUpInterval.toSeconds());
        }
        if (workerNice < 0 || workerNice > 19) {
            throw WORKER_NICE.invalid("in [0, 19]", workerNice);
        }
    }

    public static EmbeddingSettings from(ConfigReader config) {
        EmbeddingProvider provider = provider(config.string(PROVIDER));
        Local local = new Local(config.parseOptional(LOCAL_MODEL, "bge-small-en-v1.5 or all-minilm-l6-v2",
                        LocalEmbeddingModel::fromConfigName).orElse(LocalEmbeddingModel.DEFAULT),
                config.bool(QUERY_INSTRUCTION), config.integer(LOCAL_QUERY_THREADS),
                config.integer(LOCAL_DOCUMENT_THREADS));
        OpenAi openAi = new OpenAi(config.optionalUrl(OPENAI_BASE_URL), config.string(OPENAI_MODEL),
                config.optional(OPENAI_API_KEY), config.optionalInteger(OPENAI_DIMENSION));
        int queueCapacity = config.integer(QUEUE_CAPACITY);
        int batchSize = config.integer(BATCH_SIZE);
        Duration quiet = config.millis(YIELD_QUIET);
        Duration maxWait = config.millis(YIELD_MAX_WAIT);
        int minShare = config.integer(YIELD_MIN_SHARE);
        if (minShare < 1 || minShare > 100) {
            throw YIELD_MIN_SHARE.invalid("in [1, 100]", minShare);
        }
        long backlogRows = config.longValue(BACKLOG_ROWS);
        if (backlogRows < 1) {
            throw BACKLOG_ROWS.invalid("at least 1", backlogRows);
        }
        int backlogCpu = config.integer(BACKLOG_CPU);
        if (backlogCpu < 0 || backlogCpu > 100) {
            throw BACKLOG_CPU.invalid("in [0, 100]", backlogCpu);
        }
        var defaults = dev.strata.application.retrieval.EmbeddingSettings.DEFAULTS;
        var worker = ConfigKey.checking("strata.embedding.queue-capacity, batch-size, yield-*",
                () -> new dev.strata.application.retrieval.EmbeddingSettings(queueCapacity, batchSize,
                        defaults.minChars(), defaults.chunker(),
                        new dev.strata.application.retrieval.EmbeddingSettings.Yield(quiet, maxWait, minShare))
                        .withBacklogShare(new dev.strata.application.retrieval.EmbeddingSettings.BacklogShare(
                                backlogRows, backlogCpu)));
        return new EmbeddingSettings(provider, local, openAi, worker, config.seconds(CATCH_UP_INTERVAL),
                config.integer(WORKER_NICE));
    }

    /**
     * The configured provider; one that cannot embed (spec 02 "Anthropic Provider Limitation": Anthropic has
     * no embeddings API) or that Strata does not know degrades to {@code disabled}, i.e. keyword search, with
     * one warning instead of stopping start-up (spec 02 "Failure Modes").
     */
    static EmbeddingProvider provider(String configured) {
        try {
            return EmbeddingProvider.fromConfigName(configured);
        } catch (IllegalArgumentException e) {
            String name = configured == null ? "" : configured.strip();
            System.getLogger(EmbeddingSettings.class.getName()).log(System.Logger.Level.WARNING,
                    PROVIDER.name() + " (" + PROVIDER.env() + ") '" + name + "' "
                            + (name.equalsIgnoreCase("anthropic") ? "cannot embed: Anthropic models have no embeddings API"
                            : "is not an embedding provider (local, openai or disabled)") + "; search is keyword-only");
            return EmbeddingProvider.DISABLED;
        }
    }

    public EmbeddingSettings withProvider(EmbeddingProvider p) {
        return new EmbeddingSettings(p, local, openAi, worker, catchUpInterval, workerNice);
    }

    /** Without the query-embedding cache: evaluations and benchmarks, whose repeated queries it would measure. */
    public EmbeddingSettings withoutQueryCache() {
        return new EmbeddingSettings(provider, local, openAi, worker.withQuery(worker.query().withoutCache()),
                catchUpInterval, workerNice);
    }

    /** Embeds with the OpenAI-compatible model {@code remote}. */
    public EmbeddingSettings withOpenAi(OpenAi remote) {
        return new EmbeddingSettings(EmbeddingProvider.OPENAI, local, remote, worker, catchUpInterval, workerNice);
    }
}
