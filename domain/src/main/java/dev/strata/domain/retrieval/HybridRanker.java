package dev.strata.domain.retrieval;

import dev.strata.domain.entity.EntityOverlap;
import dev.strata.domain.entity.FinanceEntity;
import dev.strata.domain.entity.FinanceEntityExtractor;
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
 * Fuses the keyword and vector arms and re-ranks: RRF over the union of both arms, then (when
 * switched on) {@link NeighbourContext}, then the entity-overlap boost, then (when switched on)
 * temporal decay, then either a plain cut to the limit or MMR selection. Pure apart from the
 * injected clock; the store supplies the arms and the {@link Neighbourhood}.
 *
 * <p>The keyword arm always runs. The vector arm is absent when no embedder is configured, the
 * vector extension is missing, or embedding the query failed; the answer then says
 * {@link SearchMode#KEYWORD} and ranks exactly as RRF over one arm plus the boost.
 */
public final class HybridRanker {

    private static final Comparator<Scored> BY_SCORE_THEN_ID =
            Comparator.comparingDouble(Scored::score).reversed().thenComparingLong(s -> s.hit().id());

    private final FusionSettings settings;
    private final FinanceEntityExtractor extractor;
    private final Clock clock;
    private final ReciprocalRankFusion fusion;
    private final EntityBoost boost;
    private final TemporalDecay decay;
    private final MaximalMarginalRelevance mmr;
    private final NeighbourContext context;

    public HybridRanker(FusionSettings settings, FinanceEntityExtractor extractor, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.extractor = Objects.requireNonNull(extractor, "extractor");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fusion = new ReciprocalRankFusion(settings.rrfK(),
                Map.of(Arm.KEYWORD, settings.keywordWeight(), Arm.VECTOR, settings.vectorWeight()));
        this.boost = new EntityBoost(settings.entityBoostFactor());
        this.decay = new TemporalDecay(settings.decayHalfLife(), settings.decayExemptTypes());
        this.mmr = new MaximalMarginalRelevance(settings.mmrLambda());
        this.context = settings.neighbourContext();
    }

    /** Without neighbour context. */
    public RankedResults rank(String query, ArmResult keyword, Optional<ArmResult> vector, int limit) {
        return rank(query, keyword, vector, Neighbourhood.NONE, limit);
    }

    /**
     * @param query   the user's query text (its finance entities drive the boost)
     * @param keyword the keyword arm's rows, best first
     * @param vector  the vector arm's rows, best first, or empty when that arm did not run
     * @param around  write times and rows around the arms' hits, for neighbour context (ignored when it is off)
     * @param limit   the most hits to return
     */
    public RankedResults rank(String query, ArmResult keyword, Optional<ArmResult> vector, Neighbourhood around,
                              int limit) {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(around, "around");
        Objects.requireNonNull(keyword, "keyword");
        Objects.requireNonNull(vector, "vector");
        if (keyword.arm() != Arm.KEYWORD) {
            throw new IllegalArgumentException("keyword results come from the keyword arm, not " + keyword.arm());
        }
        if (vector.isPresent() && vector.get().arm() != Arm.VECTOR) {
            throw new IllegalArgumentException("vector results come from the vector arm, not " + vector.get().arm());
        }
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        List<ArmResult> arms = new ArrayList<>(2);
        arms.add(keyword);
        vector.ifPresent(arms::add);
        SearchMode mode = vector.isPresent() ? SearchMode.HYBRID : SearchMode.KEYWORD;

        List<FinanceEntity> queryEntities = extractor.extract(query);
        Instant now = clock.instant();
        List<Scored> scored = new ArrayList<>();
        for (FusedHit hit : withContext(fusion.fuse(arms), context.sources(arms), around)) {
            int overlap = queryEntities.isEmpty() ? 0
                    : EntityOverlap.count(queryEntities, extractor.extract(hit.candidate().content()));
            double score = boost.apply(hit.rrfScore(), overlap);
            if (settings.temporalDecayEnabled()) {
                score *= decay.multiplier(hit.candidate().type(), hit.candidate().updatedAt(), now);
            }
            scored.add(new Scored(hit, overlap, score));
        }
        scored.sort(BY_SCORE_THEN_ID);

        List<Scored> selected = settings.mmrEnabled()
                ? mmr.rerank(scored, Scored::score, s -> s.hit().candidate().content(), limit)
                : scored.subList(0, Math.min(limit, scored.size()));
        double best = selected.stream().mapToDouble(Scored::score).max().orElse(0);
        List<RankedHit> hits = selected.stream()
                .map(s -> new RankedHit(s.hit().candidate(), s.score(), best > 0 ? Math.min(1.0, s.score() / best) : 0,
                        s.hit().rrfScore(), s.overlap(), s.hit().armRanks()))
                .toList();
        return new RankedResults(mode, hits);
    }

    public FusionSettings settings() {
        return settings;
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

    private record Scored(FusedHit hit, int overlap, double score) {
    }
}
