package dev.strata.adapters.http.learning;

import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.MiningReport;
import dev.strata.application.learning.SynthesisService;
import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.learning.MethodologyId;
import dev.strata.domain.learning.Money;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.MemoryId;
import jakarta.json.bind.annotation.JsonbProperty;

import java.util.List;

/** The typed JSON views of the learning resources (snake_case on the wire, like every Strata view). */
public final class LearningViews {

    private LearningViews() {
    }

    public record MethodologyView(long id, @JsonbProperty("asset_class") String assetClass, String title, String body,
                           long successes, long uses, double confidence, boolean quarantine, String provenance,
                           @JsonbProperty("created_at") String createdAt, @JsonbProperty("updated_at") String updatedAt) {
        static MethodologyView of(Methodology m) {
            return new MethodologyView(m.id().value(), m.assetClass().wireName(), m.title(), m.body(), m.successes(),
                    m.uses(), m.confidence(), m.quarantined(), m.provenance().wireName(), m.createdAt().toString(),
                    m.updatedAt().toString());
        }
    }

    public record CreatedMethodologyView(MethodologyView methodology, boolean created) {
    }

    public record MethodologyListView(List<MethodologyView> methodologies) {
    }

    /** One methodology moved by an outcome. */
    public record ScoreView(@JsonbProperty("methodology_id") long methodologyId, long successes, long uses, double confidence,
                     boolean quarantine, boolean demoted) {
        static ScoreView of(MethodologyChange c) {
            Methodology a = c.after();
            return new ScoreView(a.id().value(), a.successes(), a.uses(), a.confidence(), a.quarantined(), c.demoted());
        }
    }

    public record TradeView(long id, String asset, @JsonbProperty("asset_class") String assetClass, String side, String size,
                     @JsonbProperty("entry_price") String entryPrice, @JsonbProperty("exit_price") String exitPrice,
                     String pnl, String status, String outcome, @JsonbProperty("opened_at") String openedAt,
                     @JsonbProperty("closed_at") String closedAt,
                     @JsonbProperty("outcome_memory_id") Long outcomeMemoryId) {
        static TradeView of(Trade t) {
            return new TradeView(t.id().value(), t.asset().key(), t.assetClass().wireName(), t.side().wireName(),
                    Money.text(t.size()), Money.text(t.entryPrice()),
                    t.close().map(c -> Money.text(c.exitPrice())).orElse(null),
                    t.close().map(c -> Money.text(c.pnl())).orElse(null), t.status(), t.outcome().wireName(),
                    t.openedAt().toString(), t.close().map(c -> c.closedAt().toString()).orElse(null),
                    t.outcomeMemory().map(MemoryId::value).orElse(null));
        }
    }

    public record CaseView(long id, @JsonbProperty("trade_id") long tradeId,
                    @JsonbProperty("methodology_ids") List<Long> methodologyIds, @JsonbProperty("hint_hash") String hintHash,
                    String decision, String outcome, @JsonbProperty("created_at") String createdAt,
                    @JsonbProperty("scored_at") String scoredAt) {
        static CaseView of(MethodologyCase c) {
            return new CaseView(c.id().value(), c.trade().value(), c.methodologies().stream().map(MethodologyId::value)
                    .toList(), c.hintHash(), c.decision(), c.outcome().wireName(), c.createdAt().toString(),
                    c.scoredAt().map(Object::toString).orElse(null));
        }
    }

    public record TradeRecordedView(TradeView trade, @JsonbProperty("case") CaseView decision, List<ScoreView> scored) {
    }

    public record OutcomeView(TradeView trade, List<CaseView> cases, List<ScoreView> scored, boolean replayed) {
    }

    public record TradeListView(List<TradeView> trades) {
    }

    public record CaseListView(List<CaseView> cases) {
    }

    public record PreferenceView(long id, String dimension, String content, String kind, String state, long evidence,
                          String source, @JsonbProperty("memory_id") Long memoryId,
                          @JsonbProperty("created_at") String createdAt, @JsonbProperty("updated_at") String updatedAt) {
        static PreferenceView of(LearnedPreference p) {
            return new PreferenceView(p.id().value(), p.dimension().wireName(), p.content(), p.kind().wireName(),
                    p.state().wireName(), p.evidence(), p.source().wireName(), p.memory().map(MemoryId::value)
                    .orElse(null), p.createdAt().toString(), p.updatedAt().toString());
        }
    }

    public record ProposedView(PreferenceView preference, boolean created) {
    }

    public record PreferenceListView(List<PreferenceView> preferences) {
    }

    public record MiningView(int proposed, int merged, int shadowed, String skipped,
                      @JsonbProperty("model_stopped") String modelStopped) {
        static MiningView of(MiningReport r) {
            return new MiningView(r.proposed(), r.merged(), r.shadowed(), r.skipped().orElse(null),
                    r.modelStopped().orElse(null));
        }
    }

    public record SynthesisView(int clusters, int proposed, int deduplicated, int shadowed, int refused, String skipped,
                         String stopped) {
        static SynthesisView of(SynthesisService.SynthesisReport r) {
            return new SynthesisView(r.clusters(), r.proposed(), r.deduplicated(), r.shadowed(), r.refused(),
                    r.skipped().orElse(null), r.stopped().orElse(null));
        }
    }

    public record LearningView(long id, String task, String steps, String context, @JsonbProperty("times_used") long timesUsed,
                        @JsonbProperty("created_at") String createdAt, @JsonbProperty("updated_at") String updatedAt) {
        static LearningView of(Learning l) {
            return new LearningView(l.id().value(), l.task(), l.steps(), l.context(), l.timesUsed(),
                    l.createdAt().toString(), l.updatedAt().toString());
        }
    }

    public record LearnedView(LearningView learning, boolean created) {
    }

    public record LearningListView(List<LearningView> learnings) {
    }

    public record CompiledPageView(String entity, @JsonbProperty("include_hard_constraints") boolean includeHardConstraints,
                            String markdown, boolean cached) {
        static CompiledPageView of(CompiledPageService.Page p, boolean includeHardConstraints) {
            return new CompiledPageView(p.entity(), includeHardConstraints, p.markdown(), p.cached());
        }
    }
}
