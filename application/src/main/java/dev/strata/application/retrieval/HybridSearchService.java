package dev.strata.application.retrieval;

import dev.strata.application.memory.MemorySearch;
import dev.strata.application.memory.SearchResults;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.QuerySyntax;
import dev.strata.domain.memory.QueryText;
import dev.strata.domain.memory.SearchHit;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Snippet;
import dev.strata.domain.languagemodel.Embedder;
import dev.strata.domain.languagemodel.Embedding;
import dev.strata.domain.retrieval.AnswerLift;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.ArmResult;
import dev.strata.domain.retrieval.Candidate;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.HybridRanker;
import dev.strata.domain.retrieval.KeywordIndex;
import dev.strata.domain.retrieval.NeighbourContext;
import dev.strata.domain.retrieval.Neighbourhood;
import dev.strata.domain.retrieval.PassageArm;
import dev.strata.domain.retrieval.RankedHit;
import dev.strata.domain.retrieval.RankedResults;
import dev.strata.domain.retrieval.RankingInput;
import dev.strata.domain.retrieval.RareTerm;
import dev.strata.domain.retrieval.SearchMode;
import dev.strata.domain.retrieval.SimilarityFloor;
import dev.strata.domain.retrieval.TimeLift;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorMatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
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
 * query, cut at the model's similarity floor) fused by the {@link HybridRanker}, with the memories
 * written around the hits loaded for its neighbour context. When the vector arm cannot run — no
 * embedder, no vector index, or the query embedding failed — the keyword arm alone goes through the
 * same ranker (entity boost, rare terms, superseded entries, decay and MMR when switched on), with
 * search mode keyword and no neighbour context (without the vector arm nothing tells a related
 * neighbour from an unrelated one).
 *
 * <p>Query syntax holds for the whole answer: the query's constraints ({@link QuerySyntax}: column
 * filters, phrases, NEAR, NOT) are checked, by the keyword index itself, on every row the vector
 * arm or neighbour context brings. Rows the vector arm ranked below its floor are not lifted back in
 * as neighbour context either.
 */
public final class HybridSearchService implements MemorySearch {

    private static final System.Logger LOG = System.getLogger(HybridSearchService.class.getName());

    /** Keyword mode without MMR ranks this many times the limit of keyword rows. */
    static final int KEYWORD_MODE_DEPTH_FACTOR = 2;
    /** At most this many of the query's terms are looked up for rarity (each look-up is a bounded read). */
    static final int MAX_RARE_TERM_LOOKUPS = 8;

    private final MemoryStore store;
    private final KeywordIndex keywordIndex;
    private final Embedder embedder;
    private final Optional<VectorStore> index;
    private final HybridRanker ranker;
    private final SimilarityFloor floor;
    private final int candidateDepth;
    private volatile boolean rareTermBoundReached;
    private final Runnable searchStarted;
    private final SearchAdmission admission;
    /** Runs the keyword and passage arms while the calling thread embeds the query. */
    private final Executor keywordThreads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("strata-keyword-arm-", 0).factory());

    /**
     * @param candidateDepth how many rows each arm contributes to the fusion (at least the limit asked)
     */
    public HybridSearchService(MemoryStore store, KeywordIndex keywordIndex, Embedder embedder,
                               Optional<VectorStore> index, HybridRanker ranker, int candidateDepth) {
        this(store, keywordIndex, embedder, index, ranker, candidateDepth, () -> { });
    }

    /**
     * @param searchStarted told when each search starts, before any work: the embedding worker gives way to
     *                      searches as it does to writes ({@link EmbeddingWorker#onSearched})
     */
    public HybridSearchService(MemoryStore store, KeywordIndex keywordIndex, Embedder embedder,
                               Optional<VectorStore> index, HybridRanker ranker, int candidateDepth,
                               Runnable searchStarted) {
        this(store, keywordIndex, embedder, index, ranker, candidateDepth, searchStarted, SearchAdmission.UNBOUNDED);
    }

    private HybridSearchService(MemoryStore store, KeywordIndex keywordIndex, Embedder embedder,
                                Optional<VectorStore> index, HybridRanker ranker, int candidateDepth,
                                Runnable searchStarted, SearchAdmission admission) {
        this.searchStarted = Objects.requireNonNull(searchStarted, "searchStarted");
        this.admission = Objects.requireNonNull(admission, "admission");
        this.store = Objects.requireNonNull(store, "store");
        this.keywordIndex = Objects.requireNonNull(keywordIndex, "keywordIndex");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.index = Objects.requireNonNull(index, "index");
        this.ranker = Objects.requireNonNull(ranker, "ranker");
        if (candidateDepth < 1) {
            throw new IllegalArgumentException("candidateDepth must be at least 1: " + candidateDepth);
        }
        this.candidateDepth = candidateDepth;
        this.floor = ranker.settings().similarityFloor(embedder.modelInfo());
    }

    /** The same pipeline ranking with other settings (the evaluation compares them on one store). */
    public HybridSearchService withSettings(FusionSettings settings) {
        return new HybridSearchService(store, keywordIndex, embedder, index, ranker.withSettings(settings),
                candidateDepth, searchStarted, admission);
    }

    /** The same pipeline with another lift for the query's time words (the evaluation compares them). */
    public HybridSearchService withTimeLift(TimeLift lift) {
        return new HybridSearchService(store, keywordIndex, embedder, index, ranker.withTimeLift(lift),
                candidateDepth, searchStarted, admission);
    }

    public TimeLift timeLift() {
        return ranker.timeLift();
    }

    /** The same pipeline with another passage arm (the evaluation compares them). */
    public HybridSearchService withPassage(PassageArm passage) {
        return new HybridSearchService(store, keywordIndex, embedder, index, ranker.withPassage(passage),
                candidateDepth, searchStarted, admission);
    }

    public PassageArm passage() {
        return ranker.passage();
    }

    /** The same pipeline with another answer lift (the evaluation compares them). */
    public HybridSearchService withAnswerLift(AnswerLift lift) {
        return new HybridSearchService(store, keywordIndex, embedder, index, ranker.withAnswerLift(lift),
                candidateDepth, searchStarted, admission);
    }

    public AnswerLift answerLift() {
        return ranker.answerLift();
    }

    public FusionSettings settings() {
        return ranker.settings();
    }

    /** The same pipeline with each arm contributing {@code depth} rows (the evaluation compares depths). */
    public HybridSearchService withCandidateDepth(int depth) {
        return new HybridSearchService(store, keywordIndex, embedder, index, ranker, depth, searchStarted, admission);
    }

    public int candidateDepth() {
        return candidateDepth;
    }

    /** The same pipeline with searches run in turns ({@link SearchAdmission}): the server's. */
    public HybridSearchService withAdmission(SearchAdmission bound) {
        return new HybridSearchService(store, keywordIndex, embedder, index, ranker, candidateDepth, searchStarted,
                bound);
    }

    public SearchAdmission admission() {
        return admission;
    }

    /** True when the vector arm can run: an embedder is configured and the vector index is available. */
    public boolean vectorArmAvailable() {
        return embedder.isEnabled() && index.isPresent();
    }

    /** The vector arm's similarity floor for the configured model. */
    public SimilarityFloor similarityFloor() {
        return floor;
    }

    @Override
    public SearchResults search(SearchRequest request) {
        return search(request, RetrievalMode.HYBRID);
    }

    /**
     * @throws dev.strata.domain.error.UnavailableException when the search waited too long for its turn
     *                                                      ({@link SearchAdmission})
     */
    public SearchResults search(SearchRequest request, RetrievalMode mode) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(mode, "mode");
        return admission.admit(request.tenant(), () -> run(request, mode));
    }

    private SearchResults run(SearchRequest request, RetrievalMode mode) {
        searchStarted.run();
        if (mode == RetrievalMode.BM25 || !vectorArmAvailable()) {
            return keywordMode(request);
        }
        int depth = Math.max(candidateDepth, request.limit());
        // spec 02 "Search Pipeline": the two paths run in parallel; the keyword arm does not wait for the model.
        // The passage arm reads the keyword index too, on a thread of its own: on the keyword arm's thread it
        // was the longest path of a search (both FTS reads, one after the other, outlasted the query embedding).
        Optional<CompletableFuture<KeywordArm>> keywordArm = mode == RetrievalMode.HYBRID
                ? Optional.of(passages(request, depth)
                        .thenCombine(CompletableFuture.supplyAsync(() -> keywordArm(request, depth), keywordThreads),
                                (passageIds, arm) -> arm.withPassages(passageIds)))
                : Optional.empty();
        Embedding query;
        try {
            query = embedder.embedQuery(request.query());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "embedding the query failed (" + e.getMessage()
                    + "); answering with keyword search only");
            keywordArm.ifPresent(f -> f.cancel(false));
            return keywordMode(request);
        }
        List<VectorMatch> nearest = index.orElseThrow().nearest(request.tenant(), query, depth);
        KeywordArm keyword = keywordArm.map(HybridSearchService::join).orElse(KeywordArm.NONE);
        List<VectorMatch> matches = floor.apply(nearest, !keyword.hits().isEmpty());
        Map<Long, SearchHit> keywordHits = new HashMap<>();
        List<Candidate> keywordRanked = new ArrayList<>();
        for (SearchHit hit : keyword.hits()) {
            keywordHits.put(hit.memory().id().value(), hit);
            keywordRanked.add(candidate(hit.memory()));
        }
        List<MemoryId> unseen = matches.stream().map(VectorMatch::memory)
                .filter(id -> !keywordHits.containsKey(id.value())).toList();
        Set<Long> belowFloor = new HashSet<>();
        nearest.forEach(m -> belowFloor.add(m.memory().value()));
        matches.forEach(m -> belowFloor.remove(m.memory().value()));
        List<MemoryId> passageIds = passageCandidates(keyword.passages(), keywordHits.keySet(), belowFloor);
        Map<Long, Memory> rows = new HashMap<>();
        keywordHits.values().forEach(h -> rows.put(h.memory().id().value(), h.memory()));
        // The time scope holds for the vector arm's rows too: outside it they are not answers (findAll
        // returns no deleted row, so as of an instant a memory deleted since is found by the keyword arm only).
        // The passage arm's rows no other arm brought are read in the same statement.
        Set<MemoryId> toRead = new LinkedHashSet<>(unseen);
        passageIds.stream().filter(id -> !keywordHits.containsKey(id.value())).forEach(toRead::add);
        store.findAll(request.tenant(), List.copyOf(toRead)).forEach(m -> request.scope().view(m)
                .ifPresent(seen -> rows.put(seen.id().value(), seen)));
        QuerySyntax.Constraint constraint = QuerySyntax.constraint(request.query());
        Set<Long> allowed = satisfying(request, constraint, unseen.stream().map(MemoryId::value)
                .filter(rows::containsKey).toList());
        List<Candidate> vector = new ArrayList<>();
        for (VectorMatch match : matches) {
            long id = match.memory().value();
            Memory m = rows.get(id);
            // Rows deleted since they were embedded, outside the category asked or against the query's
            // constraints are not answers (a keyword hit satisfies the query by construction).
            if (m != null && answers(request, m) && (keywordHits.containsKey(id) || allowed.contains(id))) {
                vector.add(candidate(m));
            }
        }
        ArmResult keywordArmResult = ArmResult.keyword(keywordRanked);
        ArmResult vectorArmResult = ArmResult.vector(vector);

        Optional<ArmResult> passageArmResult = passageArm(request, constraint, passageIds, rows);
        Neighbourhood around = neighbourhood(request, constraint, List.of(keywordArmResult, vectorArmResult), rows,
                belowFloor);
        RankedResults ranked = ranker.rank(request.query(), new RankingInput(keywordArmResult,
                Optional.of(vectorArmResult), around, keyword.rareTerms(), request.reference(), passageArmResult),
                request.limit());
        return answer(SearchMode.HYBRID, request, ranked, keywordHits, rows);
    }

    /**
     * Keyword mode: the keyword arm through the ranker. It is fetched twice as deep as the limit, so that
     * a boosted row just past the limit can still enter (with RRF k = 5 a boost of 1.3 to 1.9 moves a row
     * up by a third to a half of its rank), or as deep as in hybrid mode when MMR needs rows to choose from.
     */
    private SearchResults keywordMode(SearchRequest request) {
        int depth = Math.max(candidateDepth, request.limit());
        if (!ranker.settings().mmrEnabled()) {
            depth = Math.min(depth, KEYWORD_MODE_DEPTH_FACTOR * request.limit());
        }
        KeywordArm keyword = keywordArm(request, depth);
        Map<Long, SearchHit> keywordHits = new HashMap<>();
        List<Candidate> ranked = new ArrayList<>(keyword.hits().size());
        for (SearchHit hit : keyword.hits()) {
            keywordHits.put(hit.memory().id().value(), hit);
            ranked.add(candidate(hit.memory()));
        }
        RankedResults results = ranker.rank(request.query(),
                RankingInput.keywordOnly(ArmResult.keyword(ranked)).withRareTerms(keyword.rareTerms())
                        .withReference(request.reference()), request.limit());
        return answer(SearchMode.KEYWORD, request, results, keywordHits, Map.of());
    }

    private SearchResults answer(SearchMode mode, SearchRequest request, RankedResults ranked,
                                 Map<Long, SearchHit> keywordHits, Map<Long, Memory> rows) {
        List<String> terms = QueryText.keywords(request.query());
        List<SearchResults.Found> found = new ArrayList<>(ranked.hits().size());
        for (RankedHit hit : ranked.hits()) {
            SearchHit keywordHit = keywordHits.get(hit.id());
            Memory memory = keywordHit != null ? keywordHit.memory() : rows.get(hit.id());
            String snippet = keywordHit != null ? keywordHit.snippet()
                    : Snippet.of(memory.content(), terms, Snippet.DEFAULT_WINDOW_WORDS);
            found.add(new SearchResults.Found(new SearchHit(memory, snippet, hit.normalisedScore(), hit.score()),
                    hit.arms()));
        }
        return new SearchResults(mode, found);
    }

    /**
     * The keyword arm's rows and, among them, those holding rare query terms (how many each); and the
     * passage arm's ids, ranked on the same thread (both are reads of the keyword index).
     */
    private record KeywordArm(List<SearchHit> hits, Map<Long, Integer> rareTerms, List<MemoryId> passages) {
        static final KeywordArm NONE = new KeywordArm(List.of(), Map.of(), List.of());

        KeywordArm withPassages(List<MemoryId> ids) {
            return new KeywordArm(hits, rareTerms, ids);
        }
    }

    /** The passage arm's ranking, when it is on ({@link PassageArm}). */
    private CompletableFuture<List<MemoryId>> passages(SearchRequest request, int depth) {
        PassageArm passage = ranker.passage();
        return passage.isOff() ? CompletableFuture.completedFuture(List.of())
                : CompletableFuture.supplyAsync(() -> keywordIndex.passages(request, depth, passage), keywordThreads);
    }

    /**
     * The passage arm's ranking without the rows the keyword arm did not find and the vector arm ranked
     * below its floor (see {@link #passageArm}).
     */
    private static List<MemoryId> passageCandidates(List<MemoryId> ranking, Set<Long> keywordHits, Set<Long> belowFloor) {
        return ranking.stream().filter(id -> keywordHits.contains(id.value()) || !belowFloor.contains(id.value()))
                .toList();
    }

    /**
     * The passage arm's rows as candidates: read with the vector arm's (in {@code rows} by now), kept when
     * in the scope and category asked and satisfying the query's constraints.
     * A row the keyword arm did not find and the vector arm ranked below its floor is left out, as
     * neighbour context leaves it out: a query nothing relates to must not answer with the neighbours of
     * the one memory sharing a word with it.
     */
    private Optional<ArmResult> passageArm(SearchRequest request, QuerySyntax.Constraint constraint, List<MemoryId> ids,
                                           Map<Long, Memory> rows) {
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        Set<Long> allowed = satisfying(request, constraint, ids.stream().map(MemoryId::value)
                .filter(rows::containsKey).toList());
        List<Candidate> ranked = new ArrayList<>(ids.size());
        for (MemoryId id : ids) {
            Memory m = rows.get(id.value());
            if (m != null && answers(request, m) && allowed.contains(id.value())) {
                ranked.add(candidate(m));
            }
        }
        return Optional.of(new ArmResult(Arm.PASSAGE, ranked));
    }

    private KeywordArm keywordArm(SearchRequest request, int depth) {
        List<SearchHit> hits = store.search(new SearchRequest(request.tenant(), request.query(), depth,
                request.category(), request.scope(), request.reference()));
        return new KeywordArm(hits, rareTerms(request, hits), List.of());
    }

    /**
     * Per keyword hit, how many of the query's {@link RareTerm rare} terms it holds. Only asked when the arm
     * found something; each look-up stops after a few rows.
     */
    private Map<Long, Integer> rareTerms(SearchRequest request, List<SearchHit> hits) {
        if (hits.isEmpty()) {
            return Map.of();
        }
        Set<Long> found = new HashSet<>();
        hits.forEach(h -> found.add(h.memory().id().value()));
        Map<Long, Integer> rare = new HashMap<>();
        List<String> terms = QuerySyntax.positiveTerms(request.query()).stream().limit(MAX_RARE_TERM_LOOKUPS).toList();
        if (terms.isEmpty()) {
            return rare;
        }
        keywordIndex.rareTerms(request.tenant(), terms, rareTermMaxRows()).values()
                .forEach(ids -> ids.stream().map(MemoryId::value).filter(found::contains)
                        .forEach(id -> rare.merge(id, 1, Integer::sum)));
        return rare;
    }

    /**
     * {@link RareTerm#maxRows} of the index's size. Once the index has been large enough for the bound to
     * reach {@link RareTerm#MAX_ROWS}, the size is no longer asked: {@link KeywordIndex#size()} may be an
     * upper bound, and the largest size seen is one. Saves a read on every search of a grown index.
     */
    private int rareTermMaxRows() {
        if (rareTermBoundReached) {
            return RareTerm.MAX_ROWS;
        }
        int rows = RareTerm.maxRows(keywordIndex.size());
        rareTermBoundReached = rows == RareTerm.MAX_ROWS;
        return rows;
    }

    /** Those of {@code ids} that satisfy the query's constraints (all of them when it has none). */
    private Set<Long> satisfying(SearchRequest request, QuerySyntax.Constraint constraint, List<Long> ids) {
        Set<Long> kept = new HashSet<>(ids);
        if (constraint.isNone() || ids.isEmpty()) {
            return kept;
        }
        List<MemoryId> memoryIds = ids.stream().map(MemoryId::of).toList();
        try {
            constraint.mustMatch().ifPresent(expression -> kept.retainAll(
                    keywordIndex.matching(request.tenant(), expression, memoryIds).stream().map(MemoryId::value).toList()));
            constraint.mustNotMatch().ifPresent(expression -> kept.removeAll(
                    keywordIndex.matching(request.tenant(), expression, memoryIds).stream().map(MemoryId::value).toList()));
        } catch (InvalidInputException e) {
            // The index cannot read the query either: the keyword arm fell back to a substring match on its
            // words, which constrains nothing, so neither do the other arms.
            LOG.log(System.Logger.Level.DEBUG, "query constraints not applied: " + e.getMessage());
            return new HashSet<>(ids);
        }
        return kept;
    }

    /**
     * The write times around the arms' hits and the rows neighbour context may add: one more store
     * read, for the ids near the hits that neither arm returned. Adds them to {@code rows}. A row may
     * be added when it is not superseded, in the category asked, satisfies the query's constraints and
     * was not judged unrelated by the vector arm (ranked there below the similarity floor).
     */
    private Neighbourhood neighbourhood(SearchRequest request, QuerySyntax.Constraint constraint, List<ArmResult> arms,
                                        Map<Long, Memory> rows, Set<Long> belowFloor) {
        NeighbourContext context = ranker.neighbourContext();
        Set<Long> sources = context.sources(arms);
        if (sources.isEmpty()) {
            return Neighbourhood.NONE;
        }
        Set<Long> hits = new HashSet<>();
        arms.forEach(arm -> arm.ranked().forEach(c -> hits.add(c.id())));
        List<Long> around = context.idsAround(sources);
        List<MemoryId> missing = around.stream().filter(id -> !rows.containsKey(id)).map(MemoryId::of).toList();
        store.findAll(request.tenant(), missing).forEach(m -> request.scope().view(m)
                .ifPresent(seen -> rows.put(seen.id().value(), seen)));
        Map<Long, Instant> written = new HashMap<>();
        List<Long> extra = new ArrayList<>();
        for (long id : around) {
            Memory m = rows.get(id);
            if (m == null) {
                continue;
            }
            written.put(id, m.createdAt());
            if (!hits.contains(id) && !m.isSuperseded() && answers(request, m) && !belowFloor.contains(id)) {
                extra.add(id);
            }
        }
        Map<Long, Candidate> extraRows = new HashMap<>();
        for (long id : satisfying(request, constraint, extra)) {
            extraRows.put(id, candidate(rows.get(id)));
        }
        return new Neighbourhood(written, extraRows);
    }

    private static boolean answers(SearchRequest request, Memory m) {
        return request.category().isEmpty() || request.category().get().equals(m.category());
    }

    private static <T> T join(CompletableFuture<T> arm) {
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
        return new Candidate(m.id().value(), m.category().value(), m.updatedAt(), m.content(),
                m.key().map(MemoryKey::value), m.isSuperseded(), m.occurredAt());
    }
}
