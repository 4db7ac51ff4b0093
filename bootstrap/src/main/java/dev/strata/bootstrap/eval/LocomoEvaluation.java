package dev.strata.bootstrap.eval;

import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SearchResults;
import dev.strata.application.memory.WriteMemory;
import dev.strata.application.provenance.WriteOrigin;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.application.retrieval.HybridSearchService;
import dev.strata.application.retrieval.RetrievalMode;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.retrieval.Arm;
import dev.strata.domain.retrieval.TimeLift;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The LoCoMo retrieval protocol on the real write and search paths: one tenant per conversation,
 * one memory per turn (speaker and text, an image's caption appended, the session date as
 * metadata), every turn embedded, then every question searched in each mode and scored by
 * recall@k of its evidence turns.
 */
public final class LocomoEvaluation {

    public static final int[] KS = {5, 10, 25, 50};
    private static final int BATCH = 500;

    private final MemoryService memories;
    private final HybridSearchService search;
    private final Optional<EmbeddingWorker> worker;
    private final Consumer<String> progress;

    public LocomoEvaluation(MemoryService memories, HybridSearchService search, Optional<EmbeddingWorker> worker,
                            Consumer<String> progress) {
        this.memories = Objects.requireNonNull(memories, "memories");
        this.search = Objects.requireNonNull(search, "search");
        this.worker = Objects.requireNonNull(worker, "worker");
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /** The text one turn is stored as. */
    static String memoryText(Locomo.Turn turn) {
        String text = turn.speaker().isBlank() ? turn.text() : turn.speaker() + ": " + turn.text();
        return turn.caption().isBlank() ? text : text + " [shared an image: " + turn.caption() + "]";
    }

    /**
     * What one question got in one mode: its evidence and the turns of the answer in rank order (the top
     * {@code KS}' largest). What {@code eval locomo --rankings} writes, so that a re-ranking idea can be
     * measured offline on the shipped order before it is built.
     */
    public record Ranking(String conversation, String question, int category, Set<String> evidence,
                          RetrievalMode mode, List<String> ranked) {
        public Ranking {
            Objects.requireNonNull(conversation, "conversation");
            Objects.requireNonNull(question, "question");
            evidence = Set.copyOf(evidence);
            Objects.requireNonNull(mode, "mode");
            ranked = List.copyOf(ranked);
        }
    }

    public EvalReport run(List<Locomo.Conversation> conversations, List<RetrievalMode> modes) {
        return run(conversations, modes, r -> { });
    }

    /** As {@link #run(List, List)}, telling {@code rankings} what each question got in each mode. */
    public EvalReport run(List<Locomo.Conversation> conversations, List<RetrievalMode> modes,
                          Consumer<Ranking> rankings) {
        Objects.requireNonNull(rankings, "rankings");
        if (!search.vectorArmAvailable() && modes.stream().anyMatch(m -> m != RetrievalMode.BM25)) {
            throw new IllegalStateException("the vector and hybrid modes need embeddings: the embedder is disabled or "
                    + "sqlite-vec could not load");
        }
        Map<RetrievalMode, EvalReport.Accumulator> results = new EnumMap<>(RetrievalMode.class);
        modes.forEach(m -> results.put(m, new EvalReport.Accumulator()));
        for (Locomo.Conversation conversation : conversations) {
            Tenant tenant = tenantOf(conversation);
            Map<Long, String> diaIds = ingest(tenant, conversation);
            worker.ifPresent(w -> {
                if (modes.stream().anyMatch(m -> m != RetrievalMode.BM25)) {
                    long embedded = w.reindex(false, n -> { });
                    progress.accept(conversation.id() + ": " + diaIds.size() + " turns stored, " + embedded
                            + " embedded");
                }
            });
            // Read once: it parses every turn's session date, which the timed search must not pay for.
            Optional<Instant> reference = conversation.reference();
            for (Locomo.Question question : conversation.questions()) {
                String query = queryOf(question);
                if (query.isBlank()) {
                    continue;
                }
                for (RetrievalMode mode : modes) {
                    long start = System.nanoTime();
                    List<Long> ids = search.search(new SearchRequest(tenant, query, KS[KS.length - 1], Optional.empty())
                            .withReference(reference), mode).searchHits().stream()
                            .map(h -> h.memory().id().value()).toList();
                    long nanos = System.nanoTime() - start;
                    double[] recall = recalls(question, ids, diaIds);
                    results.get(mode).add(question.category(), recall, nanos);
                    rankings.accept(new Ranking(conversation.id(), question.text(), question.category(),
                            question.evidence(), mode, ids.stream().map(id -> diaIds.getOrDefault(id, "")).toList()));
                }
            }
            progress.accept(conversation.id() + ": " + conversation.questions().size() + " questions searched");
        }
        Map<RetrievalMode, EvalReport.ModeResult> report = new EnumMap<>(RetrievalMode.class);
        results.forEach((mode, acc) -> report.put(mode, acc.result()));
        return new EvalReport(report);
    }

    /**
     * Hybrid search at each vector floor and window, on one ingestion of every conversation, plus what
     * unrelated {@link FloorSweep#PROBES} get in each conversation and what a small starter tenant gets:
     * what the model's defaults are chosen from.
     */
    public FloorSweep sweepFloors(List<Locomo.Conversation> conversations, List<FloorSweep.Point> points) {
        if (!search.vectorArmAvailable()) {
            throw new IllegalStateException("a floor sweep needs embeddings: the embedder is disabled or sqlite-vec "
                    + "could not load");
        }
        List<HybridSearchService> searches = points.stream().map(p -> search.withSettings(search.settings()
                .withVectorMinSimilarity(OptionalDouble.of(p.floor()))
                .withVectorSoloMinSimilarity(OptionalDouble.of(p.solo()))
                .withVectorSimilarityWindow(OptionalDouble.of(p.window())))).toList();
        FloorSweep.Builder sweep = new FloorSweep.Builder(points);
        Tenant starter = Tenant.of("starter");
        List<Memory> starterRows = memories.writeAll(FloorSweep.STARTER_MEMORIES.stream().map(content ->
                new WriteMemory(starter, "observation", content, Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED),
                        WriteOrigin.operator(Actor.system("eval")))).toList());
        for (Locomo.Conversation conversation : conversations) {
            Tenant tenant = tenantOf(conversation);
            Map<Long, String> diaIds = ingest(tenant, conversation);
            worker.ifPresent(w -> w.reindex(false, n -> { }));
            for (Locomo.Question question : conversation.questions()) {
                String query = queryOf(question);
                if (query.isBlank()) {
                    continue;
                }
                for (int p = 0; p < points.size(); p++) {
                    List<Long> ids = searches.get(p).search(new SearchRequest(tenant, query, KS[KS.length - 1],
                            Optional.empty())).searchHits().stream().map(h -> h.memory().id().value()).toList();
                    double[] recall = recalls(question, ids, diaIds);
                    sweep.question(conversation.id(), p, recall);
                }
            }
            for (String probe : FloorSweep.PROBES) {
                for (int p = 0; p < points.size(); p++) {
                    sweep.probe(conversation.id(), p, beyondKeyword(searches.get(p).search(
                            new SearchRequest(tenant, probe, 10, Optional.empty()))));
                }
            }
            progress.accept(conversation.id() + ": " + conversation.questions().size() + " questions searched at "
                    + points.size() + " settings");
        }
        for (HybridSearchService s : searches) {
            double probeRows = 0;
            for (String probe : FloorSweep.PROBES) {
                probeRows += s.search(new SearchRequest(starter, probe, 10, Optional.empty())).hits().size();
            }
            double rows = 0;
            int first = 0;
            for (Map.Entry<String, Integer> q : FloorSweep.STARTER_QUESTIONS.entrySet()) {
                List<Long> ids = s.search(new SearchRequest(starter, q.getKey(), 10, Optional.empty())).searchHits()
                        .stream().map(h -> h.memory().id().value()).toList();
                rows += ids.size();
                if (!ids.isEmpty() && ids.getFirst() == starterRows.get(q.getValue()).id().value()) {
                    first++;
                }
            }
            sweep.starter(new FloorSweep.Starter(probeRows / FloorSweep.PROBES.size(),
                    rows / FloorSweep.STARTER_QUESTIONS.size(), first));
        }
        return sweep.build();
    }

    /**
     * Recall at each weight of the time lift (the first is the baseline, normally 0), on one ingestion
     * of every conversation, in {@code mode}; each question's time words are read against its
     * conversation's reference time (the day after its last session).
     */
    public TimeLiftSweep sweepTimeLift(List<Locomo.Conversation> conversations, List<Double> weights,
                                       RetrievalMode mode) {
        if (mode != RetrievalMode.BM25 && !search.vectorArmAvailable()) {
            throw new IllegalStateException("the vector and hybrid modes need embeddings: the embedder is disabled or "
                    + "sqlite-vec could not load");
        }
        List<HybridSearchService> searches = weights.stream().map(w -> search.withTimeLift(new TimeLift(w))).toList();
        TimeLiftSweep.Builder sweep = new TimeLiftSweep.Builder(weights, mode);
        for (Locomo.Conversation conversation : conversations) {
            Tenant tenant = tenantOf(conversation);
            Map<Long, String> diaIds = ingest(tenant, conversation);
            if (mode != RetrievalMode.BM25) {
                worker.ifPresent(w -> w.reindex(false, n -> { }));
            }
            Optional<Instant> reference = conversation.reference();
            for (Locomo.Question question : conversation.questions()) {
                String query = queryOf(question);
                if (query.isBlank()) {
                    continue;
                }
                for (int w = 0; w < weights.size(); w++) {
                    List<Long> ids = searches.get(w).search(new SearchRequest(tenant, query, KS[KS.length - 1],
                            Optional.empty()).withReference(reference), mode).searchHits().stream()
                            .map(h -> h.memory().id().value()).toList();
                    double[] recall = recalls(question, ids, diaIds);
                    sweep.question(conversation.id(), w, question.category(), recall);
                }
            }
            progress.accept(conversation.id() + ": " + conversation.questions().size() + " questions searched at "
                    + weights.size() + " time-lift weights");
        }
        return sweep.build();
    }

    /**
     * Hybrid search with each of these settings (the first the shipped one), on one ingestion of every
     * conversation, scored per question (each question read against its conversation's reference time,
     * as {@link #run} does): what {@link CrossValidation} chooses from by leaving one conversation out.
     *
     * @param grid label to the search to run under it, in order
     */
    public CrossValidation crossValidate(List<Locomo.Conversation> conversations,
                                         Map<String, HybridSearchService> grid) {
        if (!search.vectorArmAvailable()) {
            throw new IllegalStateException("cross-validation runs hybrid search and needs embeddings: the embedder "
                    + "is disabled or sqlite-vec could not load");
        }
        List<String> labels = List.copyOf(grid.keySet());
        List<HybridSearchService> searches = List.copyOf(grid.values());
        CrossValidation.Builder cv = new CrossValidation.Builder(labels.size());
        for (Locomo.Conversation conversation : conversations) {
            Tenant tenant = tenantOf(conversation);
            Map<Long, String> diaIds = ingest(tenant, conversation);
            worker.ifPresent(w -> w.reindex(false, n -> { }));
            Optional<Instant> reference = conversation.reference();
            for (Locomo.Question question : conversation.questions()) {
                String query = queryOf(question);
                if (query.isBlank()) {
                    continue;
                }
                for (int p = 0; p < searches.size(); p++) {
                    List<Long> ids = searches.get(p).search(new SearchRequest(tenant, query, KS[KS.length - 1],
                            Optional.empty()).withReference(reference)).searchHits().stream()
                            .map(h -> h.memory().id().value()).toList();
                    double[] recall = recalls(question, ids, diaIds);
                    cv.question(conversation.id(), p, question.category(), recall);
                }
            }
            progress.accept(conversation.id() + ": " + conversation.questions().size() + " questions searched at "
                    + searches.size() + " settings");
        }
        return cv.build(labels);
    }

    /** Rows of an answer that the keyword arm alone did not find (vector arm or neighbour context). */
    private static int beyondKeyword(SearchResults results) {
        return (int) results.hits().stream().filter(h -> !h.arms().equals(Set.of(Arm.KEYWORD))).count();
    }

    private Map<Long, String> ingest(Tenant tenant, Locomo.Conversation conversation) {
        Map<Long, String> diaIds = new HashMap<>();
        List<Locomo.Turn> turns = conversation.turns();
        for (int from = 0; from < turns.size(); from += BATCH) {
            List<Locomo.Turn> slice = turns.subList(from, Math.min(turns.size(), from + BATCH));
            List<WriteMemory> writes = new ArrayList<>(slice.size());
            for (Locomo.Turn turn : slice) {
                // The turn happened on its session's date (issue 19: event time), whenever it is ingested.
                writes.add(new WriteMemory(tenant, "observation", memoryText(turn), metadata(turn),
                        Optional.of(Source.AGENT_RECORDED), WriteOrigin.operator(Actor.system("eval")),
                        Locomo.sessionInstant(turn.sessionDate())));
            }
            List<Memory> stored = memories.writeAll(writes);
            for (int i = 0; i < stored.size(); i++) {
                diaIds.put(stored.get(i).id().value(), slice.get(i).diaId());
            }
        }
        return diaIds;
    }

    private static Metadata metadata(Locomo.Turn turn) {
        return new Metadata("{\"dia_id\":" + quote(turn.diaId()) + ",\"session_date\":" + quote(turn.sessionDate())
                + "}");
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** The protocol's recall: evidence turns in the top k over all evidence turns; no evidence counts as 1. */
    static double recall(Set<String> evidence, List<Long> ranked, Map<Long, String> diaIds, int k) {
        if (evidence.isEmpty()) {
            return 1.0;
        }
        Set<String> found = new HashSet<>();
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            String dia = diaIds.get(ranked.get(i));
            if (dia != null && evidence.contains(dia)) {
                found.add(dia);
            }
        }
        return (double) found.size() / evidence.size();
    }

    /** One tenant per conversation, named after it (lower case, the characters a tenant takes). */
    private static Tenant tenantOf(Locomo.Conversation conversation) {
        return Tenant.of(conversation.id().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]", "-"));
    }

    /** The question as a search query, cut to the longest query search takes. */
    private static String queryOf(Locomo.Question question) {
        return question.text().length() > SearchRequest.MAX_QUERY_CHARS
                ? question.text().substring(0, SearchRequest.MAX_QUERY_CHARS) : question.text();
    }

    /** Recall of the question's evidence at each of {@link #KS} in the ranked ids. */
    private static double[] recalls(Locomo.Question question, List<Long> ids, Map<Long, String> diaIds) {
        double[] recall = new double[KS.length];
        for (int i = 0; i < KS.length; i++) {
            recall[i] = recall(question.evidence(), ids, diaIds, KS[i]);
        }
        return recall;
    }
}
