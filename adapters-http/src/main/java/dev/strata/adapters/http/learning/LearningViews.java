package dev.strata.adapters.http.learning;

import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.MiningReport;
import dev.strata.application.learning.SynthesisService;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.PreferenceStore;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The learning resources' response envelopes around the entity views (MethodologyView, TradeView, ...). */
final class LearningViews {

    private LearningViews() {
    }

    record CreatedMethodologyView(MethodologyView methodology, boolean created) {
        static CreatedMethodologyView of(MethodologyStore.Created c) {
            return new CreatedMethodologyView(MethodologyView.of(c.methodology()), c.inserted());
        }
    }

    /** One entry per seed, in order, saying whether it made a row or matched one. */
    record SeedView(List<CreatedMethodologyView> methodologies) {
    }

    record MethodologyListView(List<MethodologyView> methodologies) {
    }

    /**
     * {@code {trade, case?, scored}}: "case" is a Java keyword, so this one envelope is an ordered
     * map; the case appears when the request recorded one.
     */
    static Map<String, Object> recorded(TradeView trade, Optional<CaseView> decision, List<ScoreView> scored) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("trade", trade);
        decision.ifPresent(c -> out.put("case", c));
        out.put("scored", scored);
        return out;
    }

    record OutcomeView(TradeView trade, List<CaseView> cases, List<ScoreView> scored, boolean replayed) {
    }

    record TradeListView(List<TradeView> trades) {
    }

    record CaseListView(List<CaseView> cases) {
    }

    record ProposedView(PreferenceView preference, boolean created) {
        static ProposedView of(PreferenceStore.Proposed p) {
            return new ProposedView(PreferenceView.of(p.preference()), p.inserted());
        }
    }

    record PreferenceListView(List<PreferenceView> preferences) {
    }

    record MiningView(int proposed, int merged, int shadowed, Optional<String> skipped, Optional<String> modelStopped) {
        static MiningView of(MiningReport r) {
            return new MiningView(r.proposed(), r.merged(), r.shadowed(), r.skipped(), r.modelStopped());
        }
    }

    record SynthesisView(int clusters, int proposed, int deduplicated, int shadowed, int refused,
                         Optional<String> skipped, Optional<String> stopped) {
        static SynthesisView of(SynthesisService.SynthesisReport r) {
            return new SynthesisView(r.clusters(), r.proposed(), r.deduplicated(), r.shadowed(), r.refused(),
                    r.skipped(), r.stopped());
        }
    }

    record LearnedView(LearningView learning, boolean created) {
    }

    record LearningListView(List<LearningView> learnings) {
    }

    record CompiledPageView(String entity, boolean includeHardConstraints, String markdown, boolean cached) {
        static CompiledPageView of(CompiledPageService.Page p, boolean includeHardConstraints) {
            return new CompiledPageView(p.entity(), includeHardConstraints, p.markdown(), p.cached());
        }
    }
}
