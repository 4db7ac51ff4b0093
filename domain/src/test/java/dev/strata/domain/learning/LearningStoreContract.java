package dev.strata.domain.learning;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.BOB;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link LearningStore} promises, run against the in-memory fake and SQLite alike. */
public abstract class LearningStoreContract {

    protected LearningStore store;

    protected abstract LearningStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void a_learning_is_stored_with_one_use() {
        LearningStore.Recorded r = store.record(new NewLearning(ALICE, "Rebalance the portfolio",
                "1. read balances 2. compute drift 3. swap", "monthly"), T0);

        assertThat(r.inserted()).isTrue();
        assertThat(r.learning().timesUsed()).isEqualTo(1);
        assertThat(r.learning().context()).isEqualTo("monthly");
        assertThat(store.find(ALICE, r.learning().id())).contains(r.learning());
    }

    @Test
    void a_restated_task_counts_a_use_and_keeps_the_newest_steps() {
        Learning first = store.record(new NewLearning(ALICE, "Rebalance the portfolio", "old steps", ""), T0).learning();

        LearningStore.Recorded again = store.record(new NewLearning(ALICE, "  rebalance THE portfolio.",
                "new steps", "after the fee change"), T0.plusSeconds(60));

        assertThat(again.inserted()).isFalse();
        assertThat(again.learning().id()).isEqualTo(first.id());
        assertThat(again.learning().task()).isEqualTo("Rebalance the portfolio");
        assertThat(again.learning().steps()).isEqualTo("new steps");
        assertThat(again.learning().context()).isEqualTo("after the fee change");
        assertThat(again.learning().timesUsed()).isEqualTo(2);
        assertThat(again.learning().createdAt()).isEqualTo(T0);
        assertThat(again.learning().updatedAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(store.list(ALICE, 10)).containsExactly(again.learning());
    }

    @Test
    void learnings_are_listed_newest_first_and_kept_per_tenant() {
        Learning a = store.record(new NewLearning(ALICE, "Task A", "steps", ""), T0).learning();
        Learning b = store.record(new NewLearning(ALICE, "Task B", "steps", ""), T0.plusSeconds(1)).learning();
        Learning bobs = store.record(new NewLearning(BOB, "Task A", "steps", ""), T0).learning();

        assertThat(store.list(ALICE, 10)).containsExactly(b, a);
        assertThat(store.list(ALICE, 1)).containsExactly(b);
        assertThat(bobs.id()).isNotEqualTo(a.id());
        assertThat(store.find(BOB, a.id())).isEmpty();
        assertThat(store.list(BOB, 10)).containsExactly(bobs);
    }

    @Test
    void search_finds_learnings_by_their_words_within_the_tenant() {
        Learning swap = store.record(new NewLearning(ALICE, "Bridge USDC to Base", "approve, then call the bridge "
                + "contract, then wait for finality", "gas spikes on Mondays"), T0).learning();
        store.record(new NewLearning(ALICE, "Rebalance", "read balances", ""), T0);
        store.record(new NewLearning(BOB, "Bridge USDC to Base", "bob's steps", ""), T0);

        assertThat(store.search(ALICE, "bridge finality", 10)).containsExactly(swap);
        assertThat(store.search(ALICE, "gas", 10)).containsExactly(swap);
        assertThat(store.search(ALICE, "\"unbalanced (", 10)).as("operators are just words").isEmpty();
        assertThat(store.search(ALICE, "nothing matches this", 10)).isEmpty();
    }
}
