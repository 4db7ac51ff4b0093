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
import dev.strata.domain.retrieval.RankedHit;
import dev.strata.domain.retrieval.RankedResults;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorMatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * spec 01 "Hybrid retrieval": the keyword arm (the store's BM25 search, fetched deeper than the
 * limit) and the vector arm (KNN over chunk vectors of the embedded query) fused by the
 * {@link HybridRanker}. When the vector arm cannot run — no embedder, no vector index, or the
 * query embedding failed — the answer is exactly the keyword search, with search mode keyword.
 */
public final class HybridSearchService implements MemorySearch {

    private static final System.Logger LOG = System.getLogger(HybridSearchService.class.getName());

    private final MemoryStore store;
    private final Embedder embedder;
    private final Optional<VectorStore> index;
    private final HybridRanker ranker;
    private final int candidateDepth;

    /**
     * @param candidateDepth how many rows each arm contributes to the fusion (at least the limit asked)
     */
    public HybridSearchService(MemoryStore store, Embedder embedder, Optional<VectorStore> index, HybridRanker ranker,
                               int candidateDepth) {
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
        if (mode == RetrievalMode.BM25 || !vectorArmAvailable()) {
            return SearchResults.keywordOnly(store.search(request));
        }
        Embedding query;
        try {
            query = embedder.embedQuery(request.query());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "embedding the query failed (" + e.getMessage()
                    + "); answering with keyword search only");
            return SearchResults.keywordOnly(store.search(request));
        }
        int depth = Math.max(candidateDepth, request.limit());
        Map<Long, SearchHit> keywordHits = new HashMap<>();
        List<Candidate> keyword = new ArrayList<>();
        if (mode == RetrievalMode.HYBRID) {
            for (SearchHit hit : store.search(new SearchRequest(request.tenant(), request.query(), depth,
                    request.category()))) {
                keywordHits.put(hit.memory().id().value(), hit);
                keyword.add(candidate(hit.memory()));
            }
        }
        List<VectorMatch> matches = index.orElseThrow().nearest(request.tenant(), query, depth);
        List<MemoryId> unseen = matches.stream().map(VectorMatch::memory)
                .filter(id -> !keywordHits.containsKey(id.value())).toList();
        Map<Long, Memory> vectorRows = new HashMap<>();
        keywordHits.values().forEach(h -> vectorRows.put(h.memory().id().value(), h.memory()));
        store.findAll(request.tenant(), unseen).forEach(m -> vectorRows.put(m.id().value(), m));
        List<Candidate> vector = new ArrayList<>();
        for (VectorMatch match : matches) {
            Memory m = vectorRows.get(match.memory().value());
            // Rows deleted since they were embedded, or outside the category asked, are not answers.
            if (m != null && (request.category().isEmpty() || request.category().get().equals(m.category()))) {
                vector.add(candidate(m));
            }
        }
        RankedResults ranked = ranker.rank(request.query(), ArmResult.keyword(keyword),
                Optional.of(ArmResult.vector(vector)), request.limit());
        List<String> terms = QueryText.keywords(request.query());
        List<SearchResults.Found> found = new ArrayList<>(ranked.hits().size());
        for (RankedHit hit : ranked.hits()) {
            SearchHit keywordHit = keywordHits.get(hit.id());
            Memory memory = keywordHit != null ? keywordHit.memory() : vectorRows.get(hit.id());
            String snippet = keywordHit != null ? keywordHit.snippet()
                    : Snippet.of(memory.content(), terms, Snippet.DEFAULT_WINDOW_WORDS);
            found.add(new SearchResults.Found(new SearchHit(memory, snippet, hit.score()), hit.arms()));
        }
        return new SearchResults(SearchMode.HYBRID, found);
    }

    private static Candidate candidate(Memory m) {
        return new Candidate(m.id().value(), m.category().value(), m.updatedAt(), m.content());
    }
}
