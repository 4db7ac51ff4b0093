package dev.strata.adapters.http.tool;

import dev.strata.adapters.http.fact.FactView;
import dev.strata.adapters.http.learning.CaseView;
import dev.strata.adapters.http.learning.LearningView;
import dev.strata.adapters.http.learning.MethodologyView;
import dev.strata.adapters.http.learning.PreferenceView;
import dev.strata.adapters.http.learning.ScoreView;
import dev.strata.adapters.http.learning.TradeView;
import dev.strata.adapters.http.memory.HitView;
import dev.strata.adapters.http.memory.MemoryView;
import dev.strata.adapters.http.personalization.PortraitView;
import dev.strata.adapters.http.support.ViewMapping;
import dev.strata.application.memory.SearchResults;
import dev.strata.application.personalization.Portrait;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyCase;
import dev.strata.domain.learning.MethodologyChange;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.Memory;

/**
 * How the core's values inside tool data appear on the wire: as the REST resources show them, so
 * a memory an agent gets from {@code memory_write} is the memory {@code GET /v1/memory/{id}} answers.
 * A tool whose data holds another domain value needs its view added here (the writer refuses a
 * domain record it has no view for rather than leak its fields).
 */
public final class ToolViews {

    public static final ViewMapping MAPPING = ViewMapping.builder()
            .add(Memory.class, MemoryView::of)
            .add(Fact.class, FactView::of)
            .add(SearchResults.Found.class, HitView::of)
            .add(Methodology.class, MethodologyView::of)
            .add(MethodologyChange.class, ScoreView::of)
            .add(Trade.class, TradeView::of)
            .add(MethodologyCase.class, CaseView::of)
            .add(LearnedPreference.class, PreferenceView::of)
            .add(Learning.class, LearningView::of)
            .add(Portrait.class, PortraitView::of)
            .build();

    private ToolViews() {
    }
}
