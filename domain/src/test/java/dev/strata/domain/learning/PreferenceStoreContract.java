package dev.strata.domain.learning;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.MemoryId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.BOB;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link PreferenceStore} promises, run against the in-memory fake and SQLite alike. */
public abstract class PreferenceStoreContract {

    protected PreferenceStore store;

    protected abstract PreferenceStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    static NewPreference leverageCap(long evidence) {
        return new NewPreference(ALICE, PreferenceDimension.LEVERAGE, "Never use more than 2x leverage on BTC",
                PreferenceKind.HARD_CONSTRAINT, evidence, PreferenceSource.MINED);
    }

    @Test
    void a_proposal_is_stored_proposed_whatever_proposed_it() {
        for (PreferenceSource source : PreferenceSource.values()) {
            NewPreference p = new NewPreference(ALICE, PreferenceDimension.SLIPPAGE, "use 0.5% slippage via "
                    + source.wireName(), PreferenceKind.HARD_CONSTRAINT, 3, source);
            PreferenceStore.Proposed proposed = store.propose(p, EvidenceMerge.ADD, T0);
            assertThat(proposed.inserted()).isTrue();
            assertThat(proposed.preference().state()).isEqualTo(PreferenceState.PROPOSED);
            assertThat(proposed.preference().source()).isEqualTo(source);
            assertThat(store.find(ALICE, proposed.preference().id())).contains(proposed.preference());
        }
    }

    @Test
    void a_restated_proposal_raises_the_evidence_of_the_existing_row() {
        LearnedPreference first = store.propose(leverageCap(3), EvidenceMerge.AT_LEAST, T0).preference();

        NewPreference restated = new NewPreference(ALICE, PreferenceDimension.LEVERAGE,
                "never use more than 2x   leverage on btc.", PreferenceKind.HARD_CONSTRAINT, 1, PreferenceSource.USER);
        PreferenceStore.Proposed added = store.propose(restated, EvidenceMerge.ADD, T0.plusSeconds(5));
        PreferenceStore.Proposed recounted = store.propose(leverageCap(3), EvidenceMerge.AT_LEAST, T0.plusSeconds(9));
        PreferenceStore.Proposed raised = store.propose(leverageCap(7), EvidenceMerge.AT_LEAST, T0.plusSeconds(10));

        assertThat(added.inserted()).isFalse();
        assertThat(added.preference().id()).isEqualTo(first.id());
        assertThat(added.preference().evidence()).isEqualTo(4);
        assertThat(added.preference().content()).isEqualTo(first.content());
        assertThat(added.changed()).isTrue();
        assertThat(added.previousEvidence()).isEqualTo(3);
        assertThat(recounted.preference().evidence()).as("a recount of the same observations adds nothing").isEqualTo(4);
        assertThat(recounted.changed()).isFalse();
        assertThat(raised.preference().evidence()).isEqualTo(7);
        assertThat(store.list(ALICE, PreferenceFilter.ALL, 10)).hasSize(1);
    }

    @Test
    void a_restatement_never_changes_state_and_a_different_kind_is_a_different_preference() {
        NewPreference normal = new NewPreference(ALICE, PreferenceDimension.LEVERAGE,
                "Never use more than 2x leverage on BTC", PreferenceKind.NORMAL, 5, PreferenceSource.USER);
        LearnedPreference active = store.propose(normal, EvidenceMerge.ADD, T0).preference();
        store.transition(ALICE, active.id(), PreferenceAction.APPROVE, T0);

        PreferenceStore.Proposed hard = store.propose(leverageCap(9), EvidenceMerge.ADD, T0);
        PreferenceStore.Proposed again = store.propose(normal, EvidenceMerge.ADD, T0);

        assertThat(hard.inserted()).isTrue();
        assertThat(hard.preference().state()).isEqualTo(PreferenceState.PROPOSED);
        assertThat(again.preference().state()).isEqualTo(PreferenceState.ACTIVE);
        assertThat(again.preference().kind()).isEqualTo(PreferenceKind.NORMAL);
    }

    @Test
    void approve_activates_only_a_proposed_preference() {
        LearnedPreference p = store.propose(leverageCap(3), EvidenceMerge.ADD, T0).preference();

        LearnedPreference active = store.transition(ALICE, p.id(), PreferenceAction.APPROVE, T0.plusSeconds(1))
                .orElseThrow();

        assertThat(active.state()).isEqualTo(PreferenceState.ACTIVE);
        assertThat(active.updatedAt()).isEqualTo(T0.plusSeconds(1));
        assertThat(store.find(ALICE, p.id())).contains(active);
        assertThatThrownBy(() -> store.transition(ALICE, p.id(), PreferenceAction.APPROVE, T0))
                .isInstanceOf(ConflictException.class).hasMessageContaining("active");
        assertThatThrownBy(() -> store.transition(ALICE, p.id(), PreferenceAction.REJECT, T0))
                .isInstanceOf(ConflictException.class);
        LearnedPreference archived = store.transition(ALICE, p.id(), PreferenceAction.DEACTIVATE, T0.plusSeconds(2))
                .orElseThrow();
        assertThat(archived.state()).isEqualTo(PreferenceState.ARCHIVED);
        assertThatThrownBy(() -> store.transition(ALICE, p.id(), PreferenceAction.APPROVE, T0))
                .isInstanceOf(ConflictException.class).hasMessageContaining("archived");
    }

    @Test
    void a_rejected_preference_stays_rejected() {
        LearnedPreference p = store.propose(leverageCap(3), EvidenceMerge.ADD, T0).preference();

        store.transition(ALICE, p.id(), PreferenceAction.REJECT, T0);

        assertThatThrownBy(() -> store.transition(ALICE, p.id(), PreferenceAction.APPROVE, T0))
                .isInstanceOf(ConflictException.class);
        assertThat(store.propose(leverageCap(3), EvidenceMerge.ADD, T0).preference().state())
                .isEqualTo(PreferenceState.REJECTED);
    }

    @Test
    void another_tenant_can_neither_see_nor_change_a_preference() {
        LearnedPreference p = store.propose(leverageCap(3), EvidenceMerge.ADD, T0).preference();
        NewPreference bobs = new NewPreference(BOB, p.dimension(), p.content(), p.kind(), 1, PreferenceSource.USER);

        assertThat(store.find(BOB, p.id())).isEmpty();
        assertThat(store.list(BOB, PreferenceFilter.ALL, 10)).isEmpty();
        assertThat(store.transition(BOB, p.id(), PreferenceAction.APPROVE, T0)).isEmpty();
        assertThat(store.linkMemory(BOB, p.id(), Optional.of(MemoryId.of(1)), T0)).isEmpty();
        assertThat(store.propose(bobs, EvidenceMerge.ADD, T0).inserted()).isTrue();
        assertThat(store.find(ALICE, p.id())).contains(p);
    }

    @Test
    void listing_filters_by_state_kind_and_dimension_newest_first() {
        LearnedPreference cap = store.propose(leverageCap(3), EvidenceMerge.ADD, T0).preference();
        LearnedPreference slip = store.propose(new NewPreference(ALICE, PreferenceDimension.SLIPPAGE, "0.5% slippage",
                PreferenceKind.NORMAL, 2, PreferenceSource.MINED), EvidenceMerge.ADD, T0).preference();
        store.transition(ALICE, cap.id(), PreferenceAction.APPROVE, T0);

        assertThat(store.list(ALICE, PreferenceFilter.ALL, 10)).extracting(LearnedPreference::id)
                .containsExactly(slip.id(), cap.id());
        assertThat(store.list(ALICE, PreferenceFilter.activeHardConstraints(), 10)).extracting(LearnedPreference::id)
                .containsExactly(cap.id());
        assertThat(store.list(ALICE, PreferenceFilter.inState(PreferenceState.PROPOSED), 10))
                .extracting(LearnedPreference::id).containsExactly(slip.id());
        assertThat(store.list(ALICE, new PreferenceFilter(Optional.empty(), Optional.empty(),
                Optional.of(PreferenceDimension.SLIPPAGE)), 10)).extracting(LearnedPreference::id).containsExactly(slip.id());
        assertThat(store.list(ALICE, PreferenceFilter.ALL, 1)).hasSize(1);
    }

    @Test
    void the_promoted_memory_is_linked_and_unlinked() {
        LearnedPreference p = store.propose(leverageCap(3), EvidenceMerge.ADD, T0).preference();

        LearnedPreference linked = store.linkMemory(ALICE, p.id(), Optional.of(MemoryId.of(7)), T0).orElseThrow();
        LearnedPreference unlinked = store.linkMemory(ALICE, p.id(), Optional.empty(), T0).orElseThrow();

        assertThat(linked.memory()).contains(MemoryId.of(7));
        assertThat(unlinked.memory()).isEmpty();
        assertThat(store.find(ALICE, p.id())).contains(unlinked);
    }
}
