package dev.strata.adapters.llm.embedding;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.languagemodel.EmbeddingModelInfo;
import dev.strata.domain.languagemodel.EmbeddingPurpose;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code local} provider: an ONNX model run in-process by ONNX Runtime, no network. The
 * model weights and tokenizer ship inside langchain4j jars on the classpath
 * ({@link LocalEmbeddingModel}); {@link OnnxBertEncoder} runs them.
 *
 * <p>Queries and documents run on separate sessions of the same model (identical vectors, so both
 * live in one space) with their own thread budgets: a query is latency, one short sequence that
 * ONNX Runtime may spread over every core; documents are background work, embedded one after the
 * other on the worker's thread with a single inference thread by default, so that on a small
 * machine the rest of the cores stay with the requests.
 *
 * <p>Thread-safe.
 */
public final class OnnxEmbedder implements Embedder {

    /** Inference threads of the document session by default: one, see above. */
    public static final int DEFAULT_DOCUMENT_THREADS = 1;
    /** Inference threads of the query session by default: 0, ONNX Runtime's choice (one per core). */
    public static final int DEFAULT_QUERY_THREADS = 0;

    private final OnnxBertEncoder queries;
    private final OnnxBertEncoder documents;
    private final EmbeddingModelInfo info;
    private final String queryInstruction;

    OnnxEmbedder(OnnxBertEncoder queries, OnnxBertEncoder documents, EmbeddingModelInfo info, String queryInstruction) {
        this.queries = Objects.requireNonNull(queries, "queries");
        this.documents = Objects.requireNonNull(documents, "documents");
        this.info = Objects.requireNonNull(info, "info");
        this.queryInstruction = Objects.requireNonNull(queryInstruction, "queryInstruction");
    }

    /**
     * One of the bundled models, with its query instruction and the default thread budgets.
     * Loading takes a second or two.
     */
    public static OnnxEmbedder of(LocalEmbeddingModel model) {
        return of(model, true);
    }

    /**
     * One of the bundled models with the default thread budgets.
     *
     * @param queryInstruction whether queries carry the model's instruction prefix. bge-small-en-v1.5
     *                         retrieves nearly as well without it (its authors say so; on LoCoMo recall
     *                         was the same), and a short query embeds about a third faster without
     *                         the prefix's extra tokens
     */
    public static OnnxEmbedder of(LocalEmbeddingModel model, boolean queryInstruction) {
        return of(model, queryInstruction, DEFAULT_QUERY_THREADS, DEFAULT_DOCUMENT_THREADS);
    }

    /**
     * @param queryThreads    inference threads for one query; 0 = ONNX Runtime's choice (one per core)
     * @param documentThreads inference threads for documents (the background worker); 0 = one per core
     */
    public static OnnxEmbedder of(LocalEmbeddingModel model, boolean queryInstruction, int queryThreads,
            int documentThreads) {
        Objects.requireNonNull(model, "model");
        return new OnnxEmbedder(session(model, queryThreads), session(model, documentThreads),
                new EmbeddingModelInfo(EmbeddingProvider.LOCAL.configName(), model.modelId(), model.dimension()),
                queryInstruction ? model.queryInstruction() : "");
    }

    /**
     * Sessions live as long as the JVM and are shared by every embedder of the same model and
     * thread budget (as langchain4j kept its model in a static): a session holds tens of MB and
     * takes a second to build, and one process may start the application more than once (the
     * benchmark's warm-up, the test suites). A budget equal for queries and documents means one session.
     */
    private static OnnxBertEncoder session(LocalEmbeddingModel model, int threads) {
        return SESSIONS.computeIfAbsent(new SessionKey(model, threads),
                key -> OnnxBertEncoder.open(model.modelBytes(), model.tokenizer(), model.pooling(), threads));
    }

    private record SessionKey(LocalEmbeddingModel model, int threads) {
    }

    private static final Map<SessionKey, OnnxBertEncoder> SESSIONS = new ConcurrentHashMap<>();

    /** ONNX Runtime computes on this machine's cores. */
    @Override
    public boolean computesInProcess() {
        return true;
    }

    @Override
    public Optional<EmbeddingModelInfo> modelInfo() {
        return Optional.of(info);
    }

    @Override
    public List<Embedding> embed(List<String> texts, EmbeddingPurpose purpose) {
        List<String> inputs = EmbeddingInputs.requireEmbeddable(texts);
        Objects.requireNonNull(purpose, "purpose");
        if (inputs.isEmpty()) {
            return List.of();
        }
        boolean query = purpose == EmbeddingPurpose.QUERY;
        String prefix = query ? queryInstruction : "";
        OnnxBertEncoder encoder = query ? queries : documents;
        List<Embedding> result = new ArrayList<>(inputs.size());
        // Sequentially on the caller's thread: the session's own threads are the only parallelism,
        // so the thread budget chosen for the purpose is what the batch really uses.
        for (String text : inputs) {
            float[] vector;
            try {
                vector = encoder.embed(prefix + text);
            } catch (RuntimeException e) {
                throw new UnavailableException("local embedding model " + info.modelId() + " failed: "
                        + e.getMessage(), e);
            }
            if (vector.length != info.dimension()) {
                throw new UnavailableException("local embedding model returned " + vector.length
                        + " dimensions, expected " + info.dimension());
            }
            result.add(new Embedding(vector));
        }
        return List.copyOf(result);
    }

}
