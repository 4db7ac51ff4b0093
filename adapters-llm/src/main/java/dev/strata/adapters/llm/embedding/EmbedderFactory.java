package dev.strata.adapters.llm.embedding;

import dev.strata.domain.languagemodel.Embedder;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Builds the configured {@link Embedder}. A {@code local} model that cannot load on this
 * platform (ONNX Runtime has no native build for it) degrades to {@code disabled} with one
 * warning, as search must keep working on BM25 alone.
 */
public final class EmbedderFactory {

    private static final System.Logger LOG = System.getLogger(EmbedderFactory.class.getName());

    private final Function<LocalEmbeddingModel, Embedder> localModels;

    /** Local models embed queries with their instruction prefix. */
    public EmbedderFactory() {
        this(true);
    }

    /**
     * @param queryInstruction whether local models prefix queries with their instruction
     *                         (see {@link OnnxEmbedder#of(LocalEmbeddingModel, boolean)})
     */
    public EmbedderFactory(boolean queryInstruction) {
        this(queryInstruction, OnnxEmbedder.DEFAULT_QUERY_THREADS, OnnxEmbedder.DEFAULT_DOCUMENT_THREADS);
    }

    /**
     * @param queryThreads    local models: inference threads for one query (0 = one per core)
     * @param documentThreads local models: inference threads for the background embedding of memories
     *                        (0 = one per core)
     */
    public EmbedderFactory(boolean queryInstruction, int queryThreads, int documentThreads) {
        this(model -> OnnxEmbedder.of(model, queryInstruction, queryThreads, documentThreads));
    }

    EmbedderFactory(Function<LocalEmbeddingModel, Embedder> localModels) {
        this.localModels = Objects.requireNonNull(localModels, "localModels");
    }

    /**
     * @param provider   {@code local}, {@code openai} or {@code disabled}
     * @param localModel read only for {@code local}: {@code bge-small-en-v1.5} or {@code all-minilm-l6-v2};
     *                   blank for {@link LocalEmbeddingModel#DEFAULT}
     * @param openAi     read only for {@code openai}, so its settings need not be valid otherwise
     * @throws IllegalArgumentException for an unknown provider or model name, or invalid {@code openai} settings
     */
    public Embedder create(String provider, String localModel, Supplier<OpenAiEmbedderSettings> openAi, Clock clock) {
        EmbeddingProvider chosen = EmbeddingProvider.fromConfigName(provider);
        boolean named = chosen == EmbeddingProvider.LOCAL && localModel != null && !localModel.isBlank();
        return create(chosen, named ? LocalEmbeddingModel.fromConfigName(localModel) : LocalEmbeddingModel.DEFAULT,
                openAi, clock);
    }

    public Embedder create(EmbeddingProvider provider, LocalEmbeddingModel localModel,
            Supplier<OpenAiEmbedderSettings> openAi, Clock clock) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(localModel, "localModel");
        Objects.requireNonNull(openAi, "openAi");
        Objects.requireNonNull(clock, "clock");
        return switch (provider) {
            case DISABLED -> new DisabledEmbedder();
            case OPENAI -> new OpenAiEmbedder(Objects.requireNonNull(openAi.get(), "openAi settings"), clock);
            case LOCAL -> local(localModel);
        };
    }

    private Embedder local(LocalEmbeddingModel model) {
        try {
            return localModels.apply(model);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "the local embedding model could not be loaded on this platform ("
                    + e + "); embeddings are disabled and search uses BM25 only");
            return new DisabledEmbedder();
        }
    }
}
