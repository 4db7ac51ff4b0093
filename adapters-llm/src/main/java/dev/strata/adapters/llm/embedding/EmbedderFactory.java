package dev.strata.adapters.llm.embedding;

import dev.strata.domain.model.Embedder;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Builds the configured {@link Embedder}. A {@code local} model that cannot load on this
 * platform (ONNX Runtime has no native build for it) degrades to {@code disabled} with one
 * warning, as search must keep working on BM25 alone.
 */
public final class EmbedderFactory {

    private static final System.Logger LOG = System.getLogger(EmbedderFactory.class.getName());

    private final Supplier<Embedder> localModel;

    public EmbedderFactory() {
        this(OnnxEmbedder::bgeSmallEnV15);
    }

    EmbedderFactory(Supplier<Embedder> localModel) {
        this.localModel = Objects.requireNonNull(localModel, "localModel");
    }

    /**
     * @param provider {@code local}, {@code openai} or {@code disabled}
     * @param openAi   read only for {@code openai}, so its settings need not be valid otherwise
     * @throws IllegalArgumentException for an unknown provider name or invalid {@code openai} settings
     */
    public Embedder create(String provider, Supplier<OpenAiEmbedderSettings> openAi, Clock clock) {
        return create(EmbeddingProvider.fromConfigName(provider), openAi, clock);
    }

    public Embedder create(EmbeddingProvider provider, Supplier<OpenAiEmbedderSettings> openAi, Clock clock) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(openAi, "openAi");
        Objects.requireNonNull(clock, "clock");
        return switch (provider) {
            case DISABLED -> new DisabledEmbedder();
            case OPENAI -> new OpenAiEmbedder(Objects.requireNonNull(openAi.get(), "openAi settings"), clock);
            case LOCAL -> local();
        };
    }

    private Embedder local() {
        try {
            return localModel.get();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "the local embedding model could not be loaded on this platform ("
                    + e + "); embeddings are disabled and search uses BM25 only");
            return new DisabledEmbedder();
        }
    }
}
