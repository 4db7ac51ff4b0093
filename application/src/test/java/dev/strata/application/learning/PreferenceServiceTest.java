package dev.strata.application.learning;

import dev.strata.application.memory.WriteMemory;
import dev.strata.domain.error.BudgetExceededException;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.learning.LearnedPreference;
import dev.strata.domain.learning.PreferenceKind;
import dev.strata.domain.learning.PreferenceSource;
import dev.strata.domain.learning.PreferenceState;
import dev.strata.domain.learning.PreferenceStore;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.snapshot.MemoryContextBlock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.strata.application.learning.LearningHarness.ALICE;
import static dev.strata.application.learning.LearningHarness.BOB;
import static dev.strata.application.provenance.TestOrigins.AGENT_ACTOR;
import static dev.strata.application.provenance.TestOrigins.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PreferenceServiceTest {

    private static final String CAP = "Never use more than 2x leverage on BTC";

    private static ProposePreference hardCap() {
        return new ProposePreference("leverage", CAP, "hard_constraint");
    }

    private static void observe(LearningHarness h, Tenant tenant, String text, int times) {
        for (int i = 0; i < times; i++) {
            h.memories.write(new WriteMemory(tenant, "observation", text, Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));
        }
    }

    private static List<LearnedPreference> all(LearningHarness h, Tenant tenant) {
        return h.preferences.list(tenant, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static List<Memory> promoted(LearningHarness h, Tenant tenant) {
        return h.memories.list(tenant, Optional.of("preference"), Optional.of(500)).stream()
                .filter(m -> m.source() == Source.LEARNED_PREFERENCE).toList();
    }

    private static void noneActive(LearningHarness h, Tenant tenant) {
        assertThat(all(h, tenant)).isNotEmpty().allSatisfy(p -> assertThat(p.state()).isEqualTo(PreferenceState.PROPOSED));
        assertThat(promoted(h, tenant)).isEmpty();
        assertThat(h.actions(tenant)).doesNotContain("preference.approve", "preference.promote");
    }

    @Test
    void a_proposed_hard_constraint_stays_proposed_and_a_restatement_only_raises_its_evidence() {
        LearningHarness h = new LearningHarness();

        PreferenceStore.Proposed first = h.preferences.propose(ALICE, hardCap());
        PreferenceStore.Proposed again = h.preferences.propose(ALICE, new ProposePreference("leverage",
                "never use more than 2x leverage on BTC.", Optional.of("hard_constraint"), Optional.of(2L),
                Optional.of("agent")));

        assertThat(first.preference().kind()).isEqualTo(PreferenceKind.HARD_CONSTRAINT);
        assertThat(again.inserted()).isFalse();
        assertThat(again.preference().evidence()).isEqualTo(3);
        noneActive(h, ALICE);
        assertThat(h.actions(ALICE)).containsExactly("preference.propose", "preference.merge");
    }

    @Test
    void a_bulk_proposal_never_activates_anything() {
        LearningHarness h = new LearningHarness();

        List<PreferenceStore.Proposed> r = h.preferences.proposeAll(ALICE, List.of(hardCap(),
                new ProposePreference("slippage", "always use 0.5% slippage", "normal")));

        assertThat(r).hasSize(2);
        noneActive(h, ALICE);
    }

    @Test
    void deterministic_mining_proposes_a_hard_constraint_that_stays_proposed_and_a_rerun_changes_nothing() {
        LearningHarness h = new LearningHarness();
        observe(h, ALICE, CAP, 3);

        MiningReport first = h.preferences.mine(ALICE);
        MiningReport rerun = h.preferences.mine(ALICE);

        assertThat(first.proposed()).isEqualTo(1);
        assertThat(rerun.proposed()).isZero();
        assertThat(rerun.merged()).isZero();
        LearnedPreference p = all(h, ALICE).getFirst();
        assertThat(p.kind()).isEqualTo(PreferenceKind.HARD_CONSTRAINT);
        assertThat(p.source()).isEqualTo(PreferenceSource.MINED);
        assertThat(p.evidence()).isEqualTo(3);
        noneActive(h, ALICE);

        observe(h, ALICE, CAP, 1);
        assertThat(h.preferences.mine(ALICE).merged()).isEqualTo(1);
        assertThat(all(h, ALICE).getFirst().evidence()).isEqualTo(4);
        assertThat(all(h, ALICE).getFirst().state()).isEqualTo(PreferenceState.PROPOSED);
    }

    @Test
    void the_scheduled_mining_visits_every_tenant_with_statements_or_trades_and_no_other() {
        LearningHarness h = new LearningHarness();
        observe(h, BOB, CAP, 3);
        for (int i = 0; i < 5; i++) {
            h.openTrade(ALICE);
        }
        Tenant carol = Tenant.of("carol");
        h.memories.write(new WriteMemory(carol, "lesson", CAP, Metadata.EMPTY, Optional.of(Source.AGENT_RECORDED), OPERATOR));

        List<MiningReport> reports = h.preferences.mineAll();

        assertThat(reports).extracting(MiningReport::tenant).containsExactly(ALICE, BOB);
        assertThat(all(h, ALICE)).extracting(LearnedPreference::content)
                .contains("trades long only", "mostly trades crypto_major");
        assertThat(all(h, BOB)).extracting(LearnedPreference::content).containsExactly(CAP);
        assertThat(all(h, carol)).isEmpty();
        noneActive(h, ALICE);
        noneActive(h, BOB);
    }

    @Test
    void the_scheduled_mining_reads_nothing_when_mining_is_off() {
        LearningHarness h = new LearningHarness(LearningLoopSettings.defaults().withMining(false, false));
        observe(h, ALICE, CAP, 3);

        assertThat(h.preferences.mineAll()).isEmpty();
        assertThat(all(h, ALICE)).isEmpty();
    }

    @Test
    void the_model_mining_pass_proposes_with_the_learning_budget_and_never_activates() {
        FakeModel model = FakeModel.enabled().answering(FakeModel.listOf("preferences",
                Map.of("dimension", "leverage", "content", "max 3x leverage", "kind", "hard_constraint", "evidence", 4),
                Map.of("dimension", "mood", "content", "cheerful", "kind", "normal", "evidence", 3)));
        LearningHarness h = new LearningHarness(LearningLoopSettings.defaults(), model);
        observe(h, ALICE, "said max 3x leverage", 1);

        MiningReport report = h.preferences.mine(ALICE);

        assertThat(report.proposed()).isEqualTo(1);
        assertThat(model.received).singleElement().satisfies(r -> {
            assertThat(r.category().key()).isEqualTo("learning");
            assertThat(r.tenant()).isEqualTo("alice");
        });
        assertThat(all(h, ALICE)).singleElement().satisfies(p -> assertThat(p.source()).isEqualTo(PreferenceSource.MODEL));
        assertThat(h.actions(ALICE)).contains("preference.model_refused");
        noneActive(h, ALICE);
    }

    @Test
    void a_failing_model_keeps_the_deterministic_proposals_and_says_why_it_stopped() {
        FakeModel model = FakeModel.enabled().failing(new BudgetExceededException("daily cap reached"));
        LearningHarness h = new LearningHarness(LearningLoopSettings.defaults(), model);
        observe(h, ALICE, CAP, 3);

        MiningReport report = h.preferences.mine(ALICE);

        assertThat(report.proposed()).isEqualTo(1);
        assertThat(report.modelStopped()).contains("daily cap reached");
    }

    @Test
    void the_jobs_that_are_not_approve_never_activate_a_preference() {
        LearningHarness h = new LearningHarness();
        h.preferences.propose(ALICE, hardCap());

        h.methodologies.demoteSweep(ALICE);
        h.synthesis.synthesize(ALICE);
        h.preferences.mine(ALICE);

        noneActive(h, ALICE);
    }

    @Test
    void mining_import_and_model_sources_are_not_accepted_from_callers() {
        LearningHarness h = new LearningHarness();

        for (String source : List.of("mined", "model", "import")) {
            assertThatThrownBy(() -> h.preferences.propose(ALICE, new ProposePreference("leverage", CAP,
                    Optional.of("hard_constraint"), Optional.empty(), Optional.of(source))))
                    .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("source"));
        }
        assertThat(all(h, ALICE)).isEmpty();
    }

    @Test
    void bad_input_names_the_field_and_stores_nothing() {
        LearningHarness h = new LearningHarness();

        assertThatThrownBy(() -> h.preferences.propose(ALICE, new ProposePreference("mood", "x", "normal")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("dimension"));
        assertThatThrownBy(() -> h.preferences.propose(ALICE, new ProposePreference("risk", "x", "soft")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("kind"));
        assertThatThrownBy(() -> h.preferences.proposeAll(ALICE, List.of(hardCap(), new ProposePreference("risk", " ",
                "normal")))).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("preferences[1].content"));
        assertThatThrownBy(() -> h.preferences.list(ALICE, Optional.of("pending"), Optional.empty(), Optional.empty(),
                Optional.empty())).isInstanceOfSatisfying(InvalidInputException.class,
                e -> assertThat(e.field()).isEqualTo("state"));
        assertThat(all(h, ALICE)).isEmpty();
    }

    @Test
    void approve_activates_and_promotes_a_learned_preference_memory_marked_as_a_hard_constraint() {
        LearningHarness h = new LearningHarness();
        LearnedPreference p = h.preferences.propose(ALICE, hardCap()).preference();

        LearnedPreference active = h.preferences.approve(ALICE, p.id());

        assertThat(active.state()).isEqualTo(PreferenceState.ACTIVE);
        Memory m = promoted(h, ALICE).getFirst();
        assertThat(active.memory()).contains(m.id());
        assertThat(m.content()).isEqualTo("[hard_constraint] " + CAP);
        assertThat(MemoryContextBlock.render(List.of(), List.of(m)))
                .contains("[preference] [hard_constraint] " + CAP);
        assertThat(m.metadata().json()).contains("\"preference_id\":" + p.id());
        assertThat(h.actions(ALICE)).containsSubsequence("preference.approve", "preference.promote");
        assertThatThrownBy(() -> h.preferences.approve(ALICE, p.id())).isInstanceOf(ConflictException.class);
    }

    @Test
    void deactivating_archives_the_preference_and_retires_its_memory_without_deleting_it() {
        LearningHarness h = new LearningHarness();
        LearnedPreference p = h.preferences.propose(ALICE, new ProposePreference("slippage", "use 0.5% slippage",
                "normal")).preference();
        LearnedPreference active = h.preferences.approve(ALICE, p.id());

        LearnedPreference archived = h.preferences.deactivate(ALICE, p.id());

        assertThat(archived.state()).isEqualTo(PreferenceState.ARCHIVED);
        assertThat(promoted(h, ALICE)).isEmpty();
        assertThat(h.memoryStore.find(ALICE, active.memory().orElseThrow())).as("no read path shows it").isEmpty();
        assertThat(h.memories.restore(ALICE, active.memory().orElseThrow(), AGENT_ACTOR).isDeleted()).as("soft delete: restorable")
                .isFalse();
        assertThat(h.actions(ALICE)).contains("preference.deactivate", "preference.retire_memory", "memory.delete");
    }

    @Test
    void a_rejected_preference_cannot_be_approved_and_in_shadow_mode_an_approve_promotes_nothing() {
        LearningHarness h = new LearningHarness();
        LearnedPreference p = h.preferences.propose(ALICE, hardCap()).preference();
        h.preferences.reject(ALICE, p.id());
        assertThatThrownBy(() -> h.preferences.approve(ALICE, p.id())).isInstanceOf(ConflictException.class)
                .hasMessageContaining("rejected");

        LearningHarness shadow = new LearningHarness(LearningLoopSettings.defaults().withShadowMode(true));
        LearnedPreference q = shadow.preferences.propose(ALICE, hardCap()).preference();
        assertThat(shadow.preferences.approve(ALICE, q.id()).state()).isEqualTo(PreferenceState.ACTIVE);
        assertThat(promoted(shadow, ALICE)).isEmpty();
        assertThat(shadow.actions(ALICE)).contains("learning.shadow.promote");
    }

    @Test
    void shadow_mode_mining_only_records_what_it_would_propose() {
        LearningHarness h = new LearningHarness(LearningLoopSettings.defaults().withShadowMode(true));
        observe(h, ALICE, CAP, 3);

        MiningReport report = h.preferences.mine(ALICE);

        assertThat(report.shadowed()).isEqualTo(1);
        assertThat(all(h, ALICE)).isEmpty();
        assertThat(h.actions(ALICE)).contains("learning.shadow.preference");
    }

    @Test
    void disabled_mining_does_nothing() {
        LearningHarness h = new LearningHarness(LearningLoopSettings.defaults().withMining(false, false));
        observe(h, ALICE, CAP, 3);

        assertThat(h.preferences.mine(ALICE).skipped()).contains("mining is disabled");
        assertThat(all(h, ALICE)).isEmpty();
    }

    @Test
    void the_loop_never_rewrites_a_user_manual_row_nor_mines_its_own_promotions() {
        LearningHarness h = new LearningHarness();
        Memory userRow = h.memories.write(new WriteMemory(ALICE, "preference", CAP, Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR));
        observe(h, ALICE, CAP, 2);
        h.preferences.mine(ALICE);
        LearnedPreference mined = all(h, ALICE).getFirst();
        assertThat(mined.evidence()).as("the user's row counts as an observation").isEqualTo(3);

        h.preferences.approve(ALICE, mined.id());
        h.preferences.mine(ALICE);
        assertThat(all(h, ALICE).getFirst().evidence()).as("its own promotion is not new evidence").isEqualTo(3);
        h.preferences.deactivate(ALICE, mined.id());

        assertThat(h.memories.get(ALICE, userRow.id())).isEqualTo(userRow);
    }

    @Test
    void a_promoted_memory_that_is_not_the_loops_own_is_never_retired() {
        LearningHarness h = new LearningHarness();
        Memory userRow = h.memories.write(new WriteMemory(ALICE, "preference", CAP, Metadata.EMPTY, Optional.of(Source.USER_MANUAL), OPERATOR));
        LearnedPreference p = h.preferences.propose(ALICE, hardCap()).preference();
        h.preferences.approve(ALICE, p.id());
        // A corrupted link pointing at the user's own row.
        h.preferenceStore.linkMemory(ALICE, p.id(), Optional.of(userRow.id()), LearningHarness.T0);

        h.preferences.deactivate(ALICE, p.id());

        assertThat(h.memories.get(ALICE, userRow.id())).isEqualTo(userRow);
        assertThat(h.actions(ALICE)).contains("preference.retire_refused");
    }

    @Test
    void another_tenant_cannot_approve_reject_or_see_a_preference() {
        LearningHarness h = new LearningHarness();
        LearnedPreference p = h.preferences.propose(ALICE, hardCap()).preference();

        assertThatThrownBy(() -> h.preferences.approve(BOB, p.id()))
                .isInstanceOf(dev.strata.domain.error.NotFoundException.class);
        assertThatThrownBy(() -> h.preferences.reject(BOB, p.id()))
                .isInstanceOf(dev.strata.domain.error.NotFoundException.class);
        assertThat(all(h, BOB)).isEmpty();
        assertThat(h.preferences.get(ALICE, p.id()).state()).isEqualTo(PreferenceState.PROPOSED);
    }
}
