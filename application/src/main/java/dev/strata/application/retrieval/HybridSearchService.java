package dev.strata.application.retrieval;

import dev.strata.application.memory.MemorySearch;
import dev.strata.application.memory.SearchResults;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Snippet;
import dev.strata.domain.model.Embedder;
import dev.strata.domain.model.Embedding;
import dev.strata.domain.retrieval.ArmResult;
import dev.strata.domain.retrieval.Candidate;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.NeighbourContext;
import dev.strata.domain.retrieval.Neighbourhood;
import dev.strata.domain.retrieval.RankedHit;
import dev.strata.domain.retrieval.RankedResults;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorMatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * spec 01 "Hybrid retrieval": the keyword arm (the store's BM25 search, fetched deeper than the
 * limit, run while the query is embedded) and the vector arm (KNN over chunk vectors of the embedded
 * query) fused by the {@link HybridRanker}, with the memories written around the hits loaded for its
 * neighbour context. When the vector arm cannot run — no embedder, no vector index, or the
 * query embedding failed — the answer is exactly the keyword search, with search mode keyword.
 */
public final class HybridSearchService implements MemorySearch {

    private static final System.Logger LOG = System.getLogger(HybridSearchService.class.getName());

    private final MemoryStore store;
    private final Embedder embedder;
    private final Optional<VectorStore> index;
    private final HybridRanker ranker;
    private final int candidateDepth;
    private final Runnable searchStarted;
    /** Runs the keyword arm while the calling thread embeds the query. */
    private final Executor keywordThreads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("strata-keyword-arm-", 0).factory());

    /**
     * @param candidateDepth how many rows each arm contributes to the fusion (at least the limit asked)
     */
    public HybridSearchService(MemoryStore store, Embedder embedder, Optional<VectorStore> index, HybridRanker ranker,
                               int candidateDepth) {
        this(store, embedder, index, ranker, candidateDepth, () -> { });
    }

    /**
     * @param searchStarted told when each search starts, before any work: the embedding worker gives way to
     *                      searches as it does to writes ({@link EmbeddingWorker#onSearched})
     */
    public HybridSearchService(MemoryStore store, Embedder embedder, Optional<VectorStore> index, HybridRanker ranker,
                               int candidateDepth, Runnable searchStarted) {
        this.searchStarted = Objects.requireNonNull(searchStarted, "searchStarted");
        this.store = Objects.requireNonNull(store, "store");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.index = Objects.requireNonNull(index, "index");
        this.ranker = Objects.requireNonNull(ranker, "ranker");
        if (candidateDepth < 1) {
            throw new IllegalArgumentException("candidateDepth must be at least 1: " + candidateDepth);
        }
        this.candidateDepth = candidateDepth;
    }

    /** True when the vector arm can run: an embedder is configured and the vector index is available. */
    public boolean vectorArmAvailable() {
        return embedder.isEnabled() && index.isPresent();
    }

    @Override
    public SearchResults search(SearchRequest request) {
        return search(request, RetrievalMode.HYBRID);
    }

    public SearchResults search(SearchRequest request, RetrievalMode mode) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(mode, "mode");
        searchStarted.run();
        if (mode == RetrievalMode.BM25 || !vectorArmAvailable()) {
            return SearchResults.keywordOnly(store.search(request));
        }
        int depth = Math.max(candidateDepth, request.limit());
        // spec 02 "Search Pipeline": the two paths run in parallel; the keyword arm does not wait for the model.
        Optional<CompletableFuture<List<SearchHit>>> keywordArm = mode == RetrievalMode.HYBRID
                ? Optional.of(CompletableFuture.supplyAsync(() -> store.search(new SearchRequest(request.tenant(),
                        request.query(), depth, request.category())), keywordThreads))
                : Optional.empty();
        Embedding query;
        try {
            query = embedder.embedQuery(request.query());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "embedding the query failed (" + e.getMessage()
                    + "); answering with keyword search only");
            keywordArm.ifPresent(f -> f.cancel(false));
            return SearchResults.keywordOnly(store.search(request));
        }
        List<VectorMatch> matches = index.orElseThrow().nearest(request.tenant(), query, depth);
        Map<Long, SearchHit> keywordHits = new HashMap<>();
        List<Candidate> keyword = new ArrayList<>();
        for (SearchHit hit : keywordArm.map(HybridSearchService::join).orElse(List.of())) {
            keywordHits.put(hit.memory().id().value(), hit);
            keyword.add(candidate(hit.memory()));
        }
        List<MemoryId> unseen = matches.stream().map(VectorMatch::memory)
                .filter(id -> !keywordHits.containsKey(id.value())).toList();
        Map<Long, Memory> rows = new HashMap<>();
        keywordHits.values().forEach(h -> rows.put(h.memory().id().value(), h.memory()));
        store.findAll(request.tenant(), unseen).forEach(m -> rows.put(m.id().value(), m));
        List<Candidate> vector = new ArrayList<>();
        for (VectorMatch match : matches) {
            Memory m = rows.get(match.memory().value());
            // Rows deleted since they were embedded, or outside the category asked, are not answers.
            if (m != null && answers(request, m)) {
                vector.add(candidate(m));
            }
        }
        ArmResult keywordArmResult = ArmResult.keyword(keyword);
        ArmResult vectorArmResult = ArmResult.vector(vector);
        Neighbourhood around = neighbourhood(request, List.of(keywordArmResult, vectorArmResult), rows);
        RankedResults ranked = ranker.rank(request.query(), keywordArmResult, Optional.of(vectorArmResult), around,
                request.limit());
        List<String> terms = QueryText.keywords(request.query());
        List<SearchResults.Found> found = new ArrayList<>(ranked.hits().size());
        for (RankedHit hit : ranked.hits()) {
            SearchHit keywordHit = keywordHits.get(hit.id());
            Memory memory = keywordHit != null ? keywordHit.memory() : rows.get(hit.id());
            String snippet = keywordHit != null ? keywordHit.snippet()
                    : Snippet.of(memory.content(), terms, Snippet.DEFAULT_WINDOW_WORDS);
            found.add(new SearchResults.Found(new SearchHit(memory, snippet, hit.score()), hit.arms()));
        }
        return new SearchResults(SearchMode.HYBRID, found);
    }

    /**
     * The write times around the arms' hits and the rows neighbour context may add: one more store
     * read, for the ids near the hits that neither arm returned. Adds them to {@code rows}.
     */
    private Neighbourhood neighbourhood(SearchRequest request, List<ArmResult> arms, Map<Long, Memory> rows) {
        NeighbourContext context = ranker.neighbourContext();
        Set<Long> sources = context.sources(arms);
        if (sources.isEmpty()) {
            return Neighbourhood.NONE;
        }
        Set<Long> hits = new HashSet<>();
        arms.forEach(arm -> arm.ranked().forEach(c -> hits.add(c.id())));
        List<Long> around = context.idsAround(sources);
        List<MemoryId> missing = around.stream().filter(id -> !rows.containsKey(id)).map(MemoryId::of).toList();
        store.findAll(request.tenant(), missing).forEach(m -> rows.put(m.id().value(), m));
        Map<Long, Instant> written = new HashMap<>();
        Map<Long, Candidate> extra = new HashMap<>();
        for (long id : around) {
            Memory m = rows.get(id);
            if (m == null) {
                continue;
            }
            written.put(id, m.createdAt());
            if (!hits.contains(id) && !m.isSuperseded() && answers(request, m)) {
                extra.put(id, candidate(m));
            }
        }
        return new Neighbourhood(written, extra);
    }

    private static boolean answers(SearchRequest request, Memory m) {
        return request.category().isEmpty() || request.category().get().equals(m.category());
    }

    private static List<SearchHit> join(CompletableFuture<List<SearchHit>> arm) {
        try {
            return arm.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static Candidate candidate(Memory m) {
        return new Candidate(m.id().value(), m.category().value(), m.updatedAt(), m.content());
    }
}
