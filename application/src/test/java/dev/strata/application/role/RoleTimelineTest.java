package dev.strata.application.role;

import dev.strata.application.learning.CompiledPageService;
import dev.strata.application.learning.LearningLoopSettings;
import dev.strata.domain.learning.InMemoryMethodologyStore;
import dev.strata.domain.learning.InMemoryPreferenceStore;
import dev.strata.domain.learning.InMemoryTradeStore;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleId;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.strata.application.role.RoleTestRig.ALICE;
import static dev.strata.application.role.RoleTestRig.BOB;
import static org.assertj.core.api.Assertions.assertThat;

/** Reflected role decisions on the asset's compiled page (spec 05 with spec 01's compiled pages). */
class RoleTimelineTest {

    private static final RoleId TARGET = RoleId.of("analysis.valuation.target_price");

    private final RoleTestRig rig = new RoleTestRig();
    private final InMemoryMethodologyStore methodologies = new InMemoryMethodologyStore();

    private CompiledPageService pages(RoleMemoryService roles) {
        return new CompiledPageService(methodologies, new InMemoryPreferenceStore(), new InMemoryTradeStore(methodologies),
                LearningLoopSettings.defaults(), rig.clock, new RoleTimeline(roles));
    }

    @Test
    void a_reflected_decision_shows_on_its_assets_page_at_once_even_over_a_cached_page() {
        CompiledPageService pages = pages(rig.service);
        rig.targetPriceCall("target 120 within a week, expect:logic_error", "92");
        assertThat(pages.page(ALICE, "BTC", true).markdown()).as("pending: not yet").endsWith("## Timeline\n- (none)\n");
        assertThat(pages.page(ALICE, "BTC", true).cached()).isTrue();
        rig.clock.advance(Duration.ofHours(168));

        rig.reflector.reflect(ALICE, TARGET);
        CompiledPageService.Page page = pages.page(ALICE, "$btc", true);

        assertThat(page.cached()).isFalse();
        assertThat(page.markdown()).endsWith("## Timeline\n- 2026-03-09T10:00:00Z decision 1 "
                + "(analysis.valuation.target_price, logic_error): target 120 within a week, expect:logic_error; "
                + "outcome: BTC 100 -> 92 (-8.00%) from 2026-03-02T10:00:00Z to 2026-03-09T10:00:00Z (168h); "
                + "lesson: Check the funding rate before calling a top. Size down when it is extreme.\n");
        assertThat(pages.page(ALICE, "BTC", true).cached()).isTrue();
        assertThat(pages.page(ALICE, "ETH", true).markdown()).doesNotContain("decision 1");
        assertThat(pages.page(BOB, "BTC", true).markdown()).doesNotContain("decision");
    }

    @Test
    void a_decision_without_a_lesson_shows_its_narrative_and_a_role_no_longer_declared_shows_nothing() {
        rig.targetPriceCall("target 120, expect:variance", "92");
        rig.clock.advance(Duration.ofHours(168));
        rig.reflector.reflect(ALICE, TARGET);

        assertThat(pages(rig.service).page(ALICE, "BTC", true).markdown()).contains("variance): target 120",
                "; The call was variance.").doesNotContain("lesson:");
        RoleMemoryService narrower = new RoleMemoryService(RoleTestRig.registryOf(RoleFixtures.thesisReview()), rig.store,
                new dev.strata.domain.graph.EdgeExtractor(new dev.strata.domain.graph.FinanceEntityExtractor()),
                new RoleRecall(rig.store, RoleTestRig.NO_EMBEDDER), rig.audit, rig.clock);
        assertThat(pages(narrower).page(ALICE, "BTC", true).markdown()).endsWith("## Timeline\n- (none)\n");
    }
}
