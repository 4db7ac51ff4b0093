package dev.strata.application.learning;

import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.Trade;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;

import static dev.strata.application.learning.LearningHarness.ALICE;
import static dev.strata.application.learning.LearningHarness.BOB;
import static dev.strata.application.provenance.TestOrigins.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CompiledPageServiceTest {

    private static final LearningLoopSettings SETTINGS = LearningLoopSettings.defaults()
            .withPolicy(LearningPolicy.DEFAULTS.withZ(0).withGraduation(0.55, 5));

    private final LearningHarness h = new LearningHarness(SETTINGS);

    private Methodology graduated(String title) {
        Methodology m = h.methodology(ALICE, title);
        for (int i = 0; i < 5; i++) {
            h.closedTrade(ALICE, true, m.id());
        }
        return h.methodologies.approve(ALICE, m.id());
    }

    @Test
    void a_repeated_call_returns_the_same_bytes_from_the_cache() {
        graduated("Buy the dip");

        CompiledPageService.Page first = h.pages.page(ALICE, "btc", true);
        CompiledPageService.Page second = h.pages.page(ALICE, "$BTC", true);

        assertThat(first.cached()).isFalse();
        assertThat(second.cached()).isTrue();
        assertThat(second.markdown()).isEqualTo(first.markdown());
        assertThat(first.entity()).isEqualTo("BTC");
        assertThat(first.markdown()).contains("Buy the dip").contains("asset_class: crypto_major");
    }

    @Test
    void an_entry_lives_sixty_seconds() {
        h.pages.page(ALICE, "BTC", true);

        h.clock.advance(Duration.ofSeconds(59));
        assertThat(h.pages.page(ALICE, "BTC", true).cached()).isTrue();
        h.clock.advance(Duration.ofSeconds(1));
        assertThat(h.pages.page(ALICE, "BTC", true).cached()).isFalse();
    }

    @Test
    void a_recorded_trade_invalidates_the_page() {
        h.pages.page(ALICE, "BTC", true);

        h.openTrade(ALICE);

        CompiledPageService.Page page = h.pages.page(ALICE, "BTC", true);
        assertThat(page.cached()).isFalse();
        assertThat(page.markdown()).contains("trade 1: long 1 BTC from 40000, open");
    }

    @Test
    void an_updated_trade_outcome_invalidates_the_page() {
        Trade open = h.openTrade(ALICE).trade();
        h.pages.page(ALICE, "BTC", true);

        h.trades.recordOutcome(new RecordOutcome(ALICE, open.id(), new BigDecimal("41000"), Optional.empty(),
                Optional.empty()));

        assertThat(h.pages.page(ALICE, "BTC", true).markdown()).contains("closed at 41000").contains("(win)");
    }

    @Test
    void a_memory_write_invalidates_the_page() {
        h.pages.page(ALICE, "BTC", true);

        h.memories.write(new WriteMemory(ALICE, "observation", "anything", Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));

        assertThat(h.pages.page(ALICE, "BTC", true).cached()).isFalse();
    }

    @Test
    void an_approved_hard_constraint_appears_at_once_and_can_be_suppressed_under_its_own_key() {
        LearnedPreference cap = h.preferences.propose(ALICE, new ProposePreference("leverage",
                "Never use more than 2x leverage on BTC", "hard_constraint")).preference();
        assertThat(h.pages.page(ALICE, "BTC", true).markdown()).doesNotContain("hard constraint");
        h.pages.page(ALICE, "BTC", false);

        h.preferences.approve(ALICE, cap.id());

        assertThat(h.pages.page(ALICE, "BTC", true).markdown())
                .contains("- hard constraint (preference " + cap.id() + ", leverage): Never use more than 2x leverage");
        CompiledPageService.Page nohc = h.pages.page(ALICE, "BTC", false);
        assertThat(nohc.markdown()).doesNotContain("hard constraint");
        assertThat(h.pages.page(ALICE, "BTC", false).cached()).isTrue();
        assertThat(h.pages.cachedPages()).isEqualTo(2);
    }

    @Test
    void a_quarantined_or_demoted_methodology_leaves_the_page() {
        Methodology m = graduated("Buy the dip");
        assertThat(h.pages.page(ALICE, "BTC", true).markdown()).contains("Buy the dip");

        h.methodologies.quarantine(ALICE, m.id());

        assertThat(h.pages.page(ALICE, "BTC", true).markdown()).doesNotContain("Buy the dip");
    }

    @Test
    void one_tenants_changes_never_show_on_or_invalidate_another_tenants_page() {
        graduated("Buy the dip");
        CompiledPageService.Page bobs = h.pages.page(BOB, "BTC", true);

        h.openTrade(ALICE);

        assertThat(bobs.markdown()).doesNotContain("Buy the dip");
        assertThat(h.pages.page(BOB, "BTC", true).cached()).isTrue();
    }

    @Test
    void a_bad_entity_names_the_field_and_disabled_pages_are_unavailable() {
        assertThatThrownBy(() -> h.pages.page(ALICE, "not a ticker", true))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("entity"));

        LearningHarness off = new LearningHarness(LearningLoopSettings.defaults().withCompiledPages(false));
        assertThatThrownBy(() -> off.pages.page(ALICE, "BTC", true)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("disabled");
    }

    @Test
    void an_asset_outside_the_table_is_classified_by_the_tenants_own_trades() {
        h.trades.record(new RecordTrade(ALICE, "ZZZQ", "crypto_alt", "long", BigDecimal.ONE, BigDecimal.TEN,
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), java.util.List.of(),
                Optional.empty(), Optional.empty()));

        assertThat(h.pages.page(ALICE, "ZZZQ", true).markdown()).startsWith("# ZZZQ\nasset_class: crypto_alt\n");
        assertThat(h.pages.page(ALICE, "QQQZ", true).markdown()).contains("asset_class: unclassified");
    }
}
