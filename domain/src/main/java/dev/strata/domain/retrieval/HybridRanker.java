package dev.strata.domain.retrieval;

import dev.strata.domain.graph.EntityOverlap;
import dev.strata.domain.graph.FinanceEntityExtractor;
import dev.strata.domain.memory.SearchHit;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Fuses the keyword and vector arms and re-ranks, in every mode the same way: RRF over the union
 * of the arms, then (when switched on) {@link NeighbourContext}, then the entity-overlap boost, then
 * (when switched on) temporal decay, then the superseded weight, then the rare-term rule, then
 * either a plain cut to the limit or MMR selection. Pure apart from the injected clock; the caller
 * supplies the arms, the {@link Neighbourhood} and the rare-term matches ({@link RankingInput}).
 *
 * <p>Three rules hold whatever the scores:
 * <ul>
 *   <li>A memory holding a rare term of the query (an exact match of a name, a code, an id) ranks
 *       above every memory holding none: its score gains the best score of the answer once per rare
 *       term it holds. Fusion otherwise lets a row the vector arm cannot see yet (its embedding is
 *       still pending) fall behind rows the vector arm ranks.</li>
 *   <li>A superseded entry (spec 02: searchable history) scores half, and never above a newer
 *       entry of its key in the same answer, even when it matches the query better.</li>
 *   <li>{@code normalisedScore} (the API's {@code score}) is the score divided by the best score of
 *       the answer: 1 for the first hit, in 0..1 in every mode.</li>
 * </ul>
 *
 * <p>The keyword arm always runs. The vector arm is absent when no embedder is configured, the
 * vector extension is missing, or embedding the query failed; the answer then says
 * {@link SearchMode#KEYWORD} and ranks as RRF over one arm (BM25's order) plus the same boosts.
 */
public final class HybridRanker {

    private static final Comparator<Scored> BY_SCORE_THEN_ID =
            Comparator.comparingDouble(Scored::score).reversed().thenComparingLong(s -> s.hit().id());

    private final FusionSettings settings;
    private final FinanceEntityExtractor extractor;
    private final EntityOverlap overlap;
    private final Clock clock;
    private final ReciprocalRankFusion fusion;
    private final EntityBoost boost;
    private final TemporalDecay decay;
    private final MaximalMarginalRelevance mmr;
    private final NeighbourContext context;
    private final TimeLift timeLift;
    private final TimeExpressions timeWords;
    private final PassageArm passage;
    private final AnswerLift answerLift;

    public HybridRanker(FusionSettings settings, FinanceEntityExtractor extractor, Clock clock) {
        this(settings, extractor, clock, TimeLift.OFF, TimeExpressions.english());
    }

    /**
     * @param timeLift  how much the memories whose event time falls in the query's own time words
     *                  ("last May", "in 2023") are lifted; {@link TimeLift#OFF} leaves ranking as it was
     * @param timeWords how those words are read
     */
    public HybridRanker(FusionSettings settings, FinanceEntityExtractor extractor, Clock clock, TimeLift timeLift,
                        TimeExpressions timeWords) {
        this(settings, extractor, clock, timeLift, timeWords, PassageArm.OFF);
    }

    /** @param passage the passage arm's weight in the fusion and its columns' weights; {@link PassageArm#OFF} = none */
    public HybridRanker(FusionSettings settings, FinanceEntityExtractor extractor, Clock clock, TimeLift timeLift,
                        TimeExpressions timeWords, PassageArm passage) {
        this(settings, extractor, clock, timeLift, timeWords, passage, AnswerLift.OFF);
    }

    /** @param answerLift the share of a question's score the memory written after it gains; {@link AnswerLift#OFF} = none */
    public HybridRanker(FusionSettings settings, FinanceEntityExtractor extractor, Clock clock, TimeLift timeLift,
                        TimeExpressions timeWords, PassageArm passage, AnswerLift answerLift) {
        this.answerLift = Objects.requireNonNull(answerLift, "answerLift");
        this.passage = Objects.requireNonNull(passage, "passage");
        this.timeLift = Objects.requireNonNull(timeLift, "timeLift");
        this.timeWords = Objects.requireNonNull(timeWords, "timeWords");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.extractor = Objects.requireNonNull(extractor, "extractor");
        this.overlap = new EntityOverlap(extractor);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fusion = new ReciprocalRankFusion(settings.rrfK(),
                Map.of(Arm.KEYWORD, settings.keywordWeight(), Arm.VECTOR, settings.vectorWeight(),
                        Arm.PASSAGE, passage.weight()));
        this.boost = new EntityBoost(settings.entityBoostFactor());
        this.decay = new TemporalDecay(settings.decayHalfLife(), settings.decayExemptTypes());
        this.mmr = new MaximalMarginalRelevance(settings.mmrLambda());
        this.context = settings.neighbourContext();
    }

    /** Without neighbour context or rare terms. */
    public RankedResults rank(String query, ArmResult keyword, Optional<ArmResult> vector, int limit) {
        return rank(query, keyword, vector, Neighbourhood.NONE, limit);
    }

    /** Without rare terms. */
    public RankedResults rank(String query, ArmResult keyword, Optional<ArmResult> vector, Neighbourhood around,
                              int limit) {
        Objects.requireNonNull(keyword, "keyword");
        Objects.requireNonNull(vector, "vector");
        Objects.requireNonNull(around, "around");
        return rank(query, new RankingInput(keyword, vector, around, Map.of()), limit);
    }

    /**
     * @param query the user's query text (its finance entities drive the boost)
     * @param input the arms, the rows around their hits and the rare-term matches
     * @param limit the most hits to return
     */
    public RankedResults rank(String query, RankingInput input, int limit) {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(input, "input");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        List<ArmResult> arms = new ArrayList<>(2);
        arms.add(input.keyword());
        input.vector().ifPresent(arms::add);
        List<ArmResult> ranking = new ArrayList<>(arms);
        input.passage().filter(p -> !passage.isOff()).ifPresent(ranking::add);
        SearchMode mode = input.vector().isPresent() ? SearchMode.HYBRID : SearchMode.KEYWORD;

        EntityOverlap.Probe entities = overlap.probe(extractor.extract(query));
        Instant now = clock.instant();
        List<TimeWindow> windows = timeLift.isOff() ? List.of()
                : timeWords.parse(query, input.reference().orElse(now));
        List<Scored> scored = new ArrayList<>();
        double best = 0;
        for (FusedHit hit : withContext(fusion.fuse(ranking), context.sources(arms), input.around())) {
            int overlap = entities.count(hit.candidate().content());
            double score = boost.apply(hit.rrfScore(), overlap);
            if (settings.temporalDecayEnabled()) {
                score *= decay.multiplier(hit.candidate().type(), hit.candidate().updatedAt(), now);
            }
            score *= timeLift.factor(hit.candidate().occurredAt(), windows);
            if (hit.candidate().superseded()) {
                score *= SearchHit.SUPERSEDED_WEIGHT;
            }
            best = Math.max(best, score);
            scored.add(new Scored(hit, overlap, score, 0));
        }
        scored = answersAfterQuestions(scored, input.around());
        best = scored.stream().mapToDouble(Scored::score).max().orElse(0);
        scored = rareTermsFirst(scored, input.rareTerms(), best);
        scored = belowNewerVersions(scored);
        scored.sort(BY_SCORE_THEN_ID);

        List<Scored> selected = select(scored, limit);
        double top = selected.stream().mapToDouble(Scored::score).max().orElse(0);
        List<RankedHit> hits = selected.stream()
                .map(s -> new RankedHit(s.hit().candidate(), s.score(), top > 0 ? Math.min(1.0, s.score() / top) : 0,
                        s.hit().rrfScore(), s.overlap(), s.hit().armRanks()))
                .toList();
        return new RankedResults(mode, hits);
    }

    /**
     * Memories holding rare query terms gain {@code best} once per rare term: above every memory
     * holding none (whose score is at most {@code best}), more rare terms first.
     */
    private static List<Scored> rareTermsFirst(List<Scored> scored, Map<Long, Integer> rareTerms, double best) {
        if (rareTerms.isEmpty()) {
            return scored;
        }
        List<Scored> lifted = new ArrayList<>(scored.size());
        for (Scored s : scored) {
            int rare = rareTerms.getOrDefault(s.hit().id(), 0);
            lifted.add(rare == 0 ? s : new Scored(s.hit(), s.overlap(), s.score() + rare * best, rare));
        }
        return lifted;
    }

    /**
     * A superseded entry scores strictly below every newer entry of its key in the answer (a newer
     * entry is ranked first when the scores tie, and the ids break ties the other way).
     */
    private static List<Scored> belowNewerVersions(List<Scored> scored) {
        if (scored.stream().noneMatch(s -> s.hit().candidate().superseded())) {
            return scored;
        }
        Map<String, List<Scored>> byKey = new HashMap<>();
        for (Scored s : scored) {
            s.hit().candidate().key().ifPresent(k -> byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(s));
        }
        Map<Long, Double> capped = new HashMap<>();
        for (List<Scored> versions : byKey.values()) {
            if (versions.size() < 2) {
                continue;
            }
            versions.sort(Comparator.comparingLong((Scored s) -> s.hit().id()).reversed());
            double newest = versions.getFirst().score();
            for (Scored s : versions.subList(1, versions.size())) {
                double score = s.score();
                if (s.hit().candidate().superseded() && score >= newest) {
                    score = Math.nextDown(newest);
                    capped.put(s.hit().id(), score);
                }
                newest = Math.min(newest, score);
            }
        }
        if (capped.isEmpty()) {
            return scored;
        }
        List<Scored> out = new ArrayList<>(scored.size());
        for (Scored s : scored) {
            Double cap = capped.get(s.hit().id());
            out.add(cap == null ? s : new Scored(s.hit(), s.overlap(), cap, s.rareTerms()));
        }
        return out;
    }

    /**
     * The answer: the best {@code limit}, or with MMR the rows holding rare terms first and MMR over the
     * rest; then no superseded entry before a newer entry of its key (MMR may have picked it first).
     */
    private List<Scored> select(List<Scored> sorted, int limit) {
        if (!settings.mmrEnabled()) {
            return sorted.subList(0, Math.min(limit, sorted.size()));
        }
        List<Scored> selected = new ArrayList<>();
        List<Scored> rest = new ArrayList<>();
        for (Scored s : sorted) {
            (s.rareTerms() > 0 && selected.size() < limit ? selected : rest).add(s);
        }
        selected.addAll(mmr.rerank(rest, Scored::score, s -> s.hit().candidate().content(), limit - selected.size()));
        return newerVersionsFirst(selected);
    }

    private static List<Scored> newerVersionsFirst(List<Scored> selected) {
        List<Scored> out = new ArrayList<>(selected);
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int i = 0; i < out.size() && !moved; i++) {
                Candidate old = out.get(i).hit().candidate();
                if (!old.superseded()) {
                    continue;
                }
                int lastNewer = -1;
                for (int j = i + 1; j < out.size(); j++) {
                    if (old.isOlderVersionOf(out.get(j).hit().candidate())) {
                        lastNewer = j;
                    }
                }
                if (lastNewer > i) {
                    out.add(lastNewer, out.remove(i));
                    moved = true;
                }
            }
        }
        return out;
    }

    public FusionSettings settings() {
        return settings;
    }

    /** A ranker like this one with other settings. */
    public HybridRanker withSettings(FusionSettings other) {
        return new HybridRanker(other, extractor, clock, timeLift, timeWords, passage, answerLift);
    }

    /** A ranker like this one with another lift for the query's time words. */
    public HybridRanker withTimeLift(TimeLift lift) {
        return new HybridRanker(settings, extractor, clock, lift, timeWords, passage, answerLift);
    }

    /** A ranker like this one with another passage arm (the evaluation compares them). */
    public HybridRanker withPassage(PassageArm other) {
        return new HybridRanker(settings, extractor, clock, timeLift, timeWords, other, answerLift);
    }

    public PassageArm passage() {
        return passage;
    }

    /** A ranker like this one with another answer lift (the evaluation compares them). */
    public HybridRanker withAnswerLift(AnswerLift lift) {
        return new HybridRanker(settings, extractor, clock, timeLift, timeWords, passage, lift);
    }

    public AnswerLift answerLift() {
        return answerLift;
    }

    public TimeLift timeLift() {
        return timeLift;
    }

    /** The neighbour context this ranker applies (see {@link NeighbourContext#enabled()}). */
    public NeighbourContext neighbourContext() {
        return context;
    }

    /** Fused hits with their neighbours' shares added, plus the neighbours no arm found; re-sorted. */
    private List<FusedHit> withContext(List<FusedHit> fused, Set<Long> sources, Neighbourhood around) {
        if (!context.enabled() || fused.isEmpty() || around.written().isEmpty()) {
            return fused;
        }
        Map<Long, Double> scores = new HashMap<>();
        Map<Long, Integer> ranks = new HashMap<>();
        for (int i = 0; i < fused.size(); i++) {
            FusedHit hit = fused.get(i);
            ranks.put(hit.id(), i + 1);
            if (sources.contains(hit.id())) {
                scores.put(hit.id(), hit.rrfScore());
            }
        }
        Map<Long, NeighbourContext.Lift> lifts = context.spread(scores, around.written());
        List<FusedHit> all = new ArrayList<>(fused.size() + lifts.size());
        for (FusedHit hit : fused) {
            NeighbourContext.Lift lift = lifts.get(hit.id());
            all.add(lift == null ? hit : new FusedHit(hit.candidate(), hit.rrfScore() + lift.score(), hit.armRanks()));
        }
        lifts.forEach((id, lift) -> {
            Candidate row = around.rows().get(id);
            if (!ranks.containsKey(id) && row != null) {
                all.add(new FusedHit(row, lift.score(), Map.of(Arm.CONTEXT, ranks.get(lift.from()))));
            }
        });
        all.sort(ReciprocalRankFusion.BY_SCORE_THEN_ID);
        return all;
    }

    /**
     * {@link AnswerLift}: each scored hit that asks something passes a share of its score (as it stands after the
     * boosts and lifts) to the next memory of its sitting: the next id among the memories around the hits whose
     * write time is within neighbour context's gap. That memory is added when no arm or neighbour found it and it
     * may be answered with ({@link Neighbourhood#rows}). Shares are taken from the scores before any is added.
     */
    private List<Scored> answersAfterQuestions(List<Scored> scored, Neighbourhood around) {
        if (answerLift.isOff() || around.written().isEmpty()) {
            return scored;
        }
        java.util.TreeMap<Long, Instant> written = new java.util.TreeMap<>(around.written());
        Map<Long, Double> gains = new HashMap<>();
        Map<Long, Long> askedBy = new HashMap<>();
        for (Scored s : scored) {
            if (s.score() <= 0 || !AnswerLift.asks(s.hit().candidate().content())) {
                continue;
            }
            Instant at = written.get(s.hit().id());
            Map.Entry<Long, Instant> next = at == null ? null : written.higherEntry(s.hit().id());
            if (next == null || java.time.Duration.between(at, next.getValue()).abs().compareTo(context.gap()) > 0) {
                continue;
            }
            gains.merge(next.getKey(), answerLift.weight() * s.score(), Double::sum);
            askedBy.putIfAbsent(next.getKey(), s.hit().id());
        }
        if (gains.isEmpty()) {
            return scored;
        }
        List<Scored> out = new ArrayList<>(scored.size() + gains.size());
        Map<Long, Integer> ranks = new HashMap<>();
        for (Scored s : scored) {
            ranks.putIfAbsent(s.hit().id(), ranks.size() + 1);
            Double gain = gains.remove(s.hit().id());
            out.add(gain == null ? s : new Scored(s.hit(), s.overlap(), s.score() + gain, s.rareTerms()));
        }
        gains.forEach((id, gain) -> {
            Candidate row = around.rows().get(id);
            if (row != null) {
                FusedHit hit = new FusedHit(row, 0, Map.of(Arm.CONTEXT, ranks.get(askedBy.get(id))));
                out.add(new Scored(hit, 0, gain, 0));
            }
        });
        return out;
    }

    private record Scored(FusedHit hit, int overlap, double score, int rareTerms) {
    }
}
