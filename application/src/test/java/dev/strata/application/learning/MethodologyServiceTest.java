package dev.strata.application.learning;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.LearningPolicy;
import dev.strata.domain.learning.Methodology;
import dev.strata.domain.learning.MethodologyStore;
import dev.strata.domain.learning.Provenance;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static dev.strata.application.learning.LearningHarness.ALICE;
import static dev.strata.application.learning.LearningHarness.BOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MethodologyServiceTest {

    /** z = 0 makes the Wilson bound the raw ratio exactly, so the edges are hit exactly: 11/20 is 0.55. */
    private static LearningLoopSettings exact(long graduationMinUses) {
        return LearningLoopSettings.defaults().withPolicy(LearningPolicy.DEFAULTS.withZ(0)
                .withGraduation(0.55, graduationMinUses));
    }

    private static void outcomes(LearningHarness h, Methodology m, int wins, int losses) {
        for (int i = 0; i < wins; i++) {
            h.closedTrade(m.tenant(), true, m.id());
        }
        for (int i = 0; i < losses; i++) {
            h.closedTrade(m.tenant(), false, m.id());
        }
    }

    @Test
    void a_new_methodology_lands_quarantined_at_the_initial_confidence_with_an_audit_row() {
        LearningHarness h = new LearningHarness();

        MethodologyStore.Created c = h.methodologies.create(ALICE, new MethodologyDraft("crypto_major", "Buy the dip",
                "Buy BTC after a 20% drawdown."));

        assertThat(c.inserted()).isTrue();
        assertThat(c.methodology().quarantined()).isTrue();
        assertThat(c.methodology().confidence()).isEqualTo(h.settings.policy().initialConfidence());
        assertThat(c.methodology().provenance()).isEqualTo(Provenance.MANUAL);
        assertThat(h.actions(ALICE)).containsExactly("methodology.create");
    }

    @Test
    void a_restated_methodology_inherits_the_existing_stats_instead_of_making_a_second_row() {
        LearningHarness h = new LearningHarness();
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 2, 1);

        MethodologyStore.Created again = h.methodologies.create(ALICE, new MethodologyDraft("crypto_major",
                "buy the DIP.", "buy btc after a 20% drawdown from the 30-day high", Optional.of("imported")));

        assertThat(again.inserted()).isFalse();
        assertThat(again.methodology().id()).isEqualTo(m.id());
        assertThat(again.methodology().successes()).isEqualTo(2);
        assertThat(again.methodology().uses()).isEqualTo(3);
        assertThat(h.methodologies.list(ALICE, Optional.empty(), Optional.empty(), Optional.empty())).hasSize(1);
        assertThat(h.actions(ALICE)).contains("methodology.dedup");
    }

    @Test
    void bad_input_names_the_field_and_stores_nothing() {
        LearningHarness h = new LearningHarness();

        assertThatThrownBy(() -> h.methodologies.create(ALICE, new MethodologyDraft("crypto", "t", "b")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("asset_class"));
        assertThatThrownBy(() -> h.methodologies.create(ALICE, new MethodologyDraft("crypto_major", "t", "b",
                Optional.of("synthesized")))).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("provenance"));
        assertThatThrownBy(() -> h.methodologies.list(ALICE, Optional.of("bonds"), Optional.empty(), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("asset_class"));
        assertThatThrownBy(() -> h.methodologies.list(ALICE, Optional.empty(), Optional.of("live"), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("state"));
        assertThat(h.methodologies.list(ALICE, Optional.empty(), Optional.empty(), Optional.empty())).isEmpty();
        assertThat(h.audit.recent(ALICE, 10)).isEmpty();
    }

    @Test
    void seeding_is_all_or_none_and_names_the_bad_seed() {
        LearningHarness h = new LearningHarness();

        assertThatThrownBy(() -> h.methodologies.seed(ALICE, List.of(new MethodologyDraft("crypto_major", "A", "a"),
                new MethodologyDraft("bonds", "B", "b")))).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("methodologies[1].asset_class"));
        assertThat(h.methodologies.list(ALICE, Optional.empty(), Optional.empty(), Optional.empty())).isEmpty();

        List<MethodologyStore.Created> seeded = h.methodologies.seed(ALICE, List.of(
                new MethodologyDraft("crypto_major", "A", "a"), new MethodologyDraft("perps", "B", "b")));
        assertThat(seeded).allSatisfy(c -> {
            assertThat(c.methodology().provenance()).isEqualTo(Provenance.SEED);
            assertThat(c.methodology().quarantined()).isTrue();
        });
        assertThatThrownBy(() -> h.methodologies.seed(ALICE, List.of())).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void approve_below_the_bar_is_refused_naming_the_bar_and_changes_nothing() {
        LearningHarness h = new LearningHarness();
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 8, 2);

        assertThatThrownBy(() -> h.methodologies.approve(ALICE, m.id()))
                .isInstanceOfSatisfying(ConflictException.class, e -> {
                    assertThat(e.getMessage()).contains("Wilson lower bound", "0.55");
                    assertThat(e.details()).containsEntry("missed", List.of("confidence"))
                            .containsEntry("uses", 10L).containsEntry("required_confidence", 0.55);
                });
        assertThat(h.reload(m).quarantined()).isTrue();
        assertThat(h.actions(ALICE)).doesNotContain("methodology.approve");
    }

    @Test
    void approve_names_the_uses_bar_when_the_record_is_too_short() {
        LearningHarness h = new LearningHarness(exact(10));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 9, 0);

        assertThatThrownBy(() -> h.methodologies.approve(ALICE, m.id()))
                .isInstanceOfSatisfying(ConflictException.class, e -> {
                    assertThat(e.getMessage()).contains("9 uses are fewer than the 10 required");
                    assertThat(e.details()).containsEntry("missed", List.of("uses"));
                });
    }

    @Test
    void approve_at_exactly_the_graduation_bar_graduates() {
        LearningHarness h = new LearningHarness(exact(10));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 11, 9);

        Methodology graduated = h.methodologies.approve(ALICE, m.id());

        assertThat(graduated.confidence()).isEqualTo(0.55);
        assertThat(graduated.quarantined()).isFalse();
        assertThat(h.actions(ALICE)).contains("methodology.approve");
        assertThat(h.methodologies.approve(ALICE, m.id())).as("approving twice is a no-op").isEqualTo(graduated);
    }

    @Test
    void just_below_the_graduation_bar_is_refused() {
        LearningHarness h = new LearningHarness(exact(10));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 11, 10);

        assertThatThrownBy(() -> h.methodologies.approve(ALICE, m.id())).isInstanceOf(ConflictException.class);
    }

    @Test
    void exactly_the_demotion_bar_with_twenty_uses_keeps_it_graduated_and_one_more_loss_demotes_it() {
        LearningHarness h = new LearningHarness(exact(5));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 8, 0);
        h.methodologies.approve(ALICE, m.id());

        outcomes(h, m, 0, 12);
        Methodology atBar = h.reload(m);
        assertThat(atBar.uses()).isEqualTo(20);
        assertThat(atBar.confidence()).isEqualTo(0.40);
        assertThat(atBar.quarantined()).isFalse();

        outcomes(h, m, 0, 1);
        assertThat(h.reload(m).quarantined()).isTrue();
        assertThat(h.actions(ALICE)).containsOnlyOnce("methodology.demote");
    }

    @Test
    void below_the_demotion_bar_nineteen_uses_keep_it_graduated_and_the_twentieth_demotes_it() {
        LearningHarness h = new LearningHarness(exact(5));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 5, 0);
        h.methodologies.approve(ALICE, m.id());

        outcomes(h, m, 0, 14);
        assertThat(h.reload(m).uses()).isEqualTo(19);
        assertThat(h.reload(m).confidence()).isLessThan(0.40);
        assertThat(h.reload(m).quarantined()).isFalse();

        outcomes(h, m, 0, 1);
        assertThat(h.reload(m).quarantined()).isTrue();
    }

    @Test
    void winning_again_never_lifts_a_demotion() {
        LearningHarness h = new LearningHarness(exact(5));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 5, 0);
        h.methodologies.approve(ALICE, m.id());
        outcomes(h, m, 0, 16);
        assertThat(h.reload(m).quarantined()).isTrue();

        outcomes(h, m, 30, 0);

        assertThat(h.reload(m).confidence()).isGreaterThan(0.55);
        assertThat(h.reload(m).quarantined()).isTrue();
    }

    @Test
    void disabled_demotion_and_shadow_mode_leave_it_graduated_and_shadow_mode_records_what_it_would_do() {
        LearningHarness off = new LearningHarness(exact(5).withDemotion(false));
        LearningHarness shadow = new LearningHarness(exact(5).withShadowMode(true));
        for (LearningHarness h : List.of(off, shadow)) {
            Methodology m = h.methodology(ALICE, "Buy the dip");
            outcomes(h, m, 5, 0);
            h.methodologies.approve(ALICE, m.id());
            outcomes(h, m, 0, 20);
            assertThat(h.reload(m).quarantined()).isFalse();
        }
        assertThat(off.actions(ALICE)).doesNotContain("learning.shadow.demote", "methodology.demote");
        assertThat(shadow.actions(ALICE)).contains("learning.shadow.demote").doesNotContain("methodology.demote");
    }

    @Test
    void quarantine_by_hand_is_idempotent_and_audited_once() {
        LearningHarness h = new LearningHarness(exact(5));
        Methodology m = h.methodology(ALICE, "Buy the dip");
        outcomes(h, m, 5, 0);
        h.methodologies.approve(ALICE, m.id());

        h.methodologies.quarantine(ALICE, m.id());
        h.methodologies.quarantine(ALICE, m.id());

        assertThat(h.reload(m).quarantined()).isTrue();
        assertThat(h.actions(ALICE).stream().filter("methodology.quarantine"::equals)).hasSize(1);
    }

    @Test
    void the_demotion_sweep_rescores_under_a_new_z_and_demotes_only_graduated_methodologies_below_the_bar() {
        LearningHarness lenient = new LearningHarness(exact(5));
        Methodology m = lenient.methodology(ALICE, "Buy the dip");
        outcomes(lenient, m, 9, 11);
        Methodology before = lenient.reload(m);
        lenient.methodologyStore.graduate(ALICE, m.id(), before.successes(), before.uses(), LearningHarness.T0);
        assertThat(lenient.reload(m).confidence()).isEqualTo(0.45);
        MethodologyService strict = new MethodologyService(lenient.methodologyStore, lenient.audit, lenient.events,
                LearningLoopSettings.defaults(), lenient.clock);

        MethodologyService.DemotionReport report = strict.demoteSweep(ALICE);

        assertThat(report.demoted()).isEqualTo(1);
        assertThat(lenient.reload(m).quarantined()).isTrue();
        assertThat(lenient.reload(m).confidence()).isLessThan(0.40);
        assertThat(strict.demoteSweep(ALICE).rescored()).as("idempotent").isZero();
        assertThat(strict.demoteAll()).extracting(MethodologyService.DemotionReport::tenant).containsExactly(ALICE);
    }

    @Test
    void another_tenant_cannot_read_approve_or_quarantine_a_methodology() {
        LearningHarness h = new LearningHarness();
        Methodology m = h.methodology(ALICE, "Buy the dip");

        assertThatThrownBy(() -> h.methodologies.get(BOB, m.id()))
                .isInstanceOf(dev.strata.domain.error.NotFoundException.class);
        assertThatThrownBy(() -> h.methodologies.approve(BOB, m.id()))
                .isInstanceOf(dev.strata.domain.error.NotFoundException.class);
        assertThatThrownBy(() -> h.methodologies.quarantine(BOB, m.id()))
                .isInstanceOf(dev.strata.domain.error.NotFoundException.class);
        assertThat(h.methodologies.list(BOB, Optional.empty(), Optional.empty(), Optional.empty())).isEmpty();
    }

    @Test
    void listing_filters_by_state() {
        LearningHarness h = new LearningHarness(exact(5));
        Methodology graduated = h.methodology(ALICE, "Graduated");
        Methodology quarantined = h.methodology(ALICE, "Quarantined");
        outcomes(h, graduated, 5, 0);
        h.methodologies.approve(ALICE, graduated.id());

        assertThat(h.methodologies.list(ALICE, Optional.of("crypto_major"), Optional.of("graduated"), Optional.empty()))
                .extracting(Methodology::id).containsExactly(graduated.id());
        assertThat(h.methodologies.list(ALICE, Optional.empty(), Optional.of("quarantined"), Optional.of(5)))
                .extracting(Methodology::id).containsExactly(quarantined.id());
        assertThatThrownBy(() -> h.methodologies.list(ALICE, Optional.empty(), Optional.empty(), Optional.of(0)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
    }
}
