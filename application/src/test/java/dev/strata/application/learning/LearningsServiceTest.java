package dev.strata.application.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.learning.Learning;
import dev.strata.domain.learning.LearningStore;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static dev.strata.application.learning.LearningHarness.ALICE;
import static dev.strata.application.learning.LearningHarness.BOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LearningsServiceTest {

    private final LearningHarness h = new LearningHarness();

    @Test
    void memory_learn_dedups_by_normalised_task_and_counts_uses() {
        LearningStore.Recorded first = h.learnings.learn(ALICE, "Bridge USDC to Base", "approve; bridge; wait",
                Optional.empty());
        LearningStore.Recorded again = h.learnings.learn(ALICE, "bridge usdc to base.", "approve; bridge; wait 15 min",
                Optional.of("finality is slow"));

        assertThat(again.learning().id()).isEqualTo(first.learning().id());
        assertThat(again.learning().timesUsed()).isEqualTo(2);
        assertThat(h.learnings.search(ALICE, "finality", Optional.empty())).extracting(Learning::id)
                .containsExactly(first.learning().id());
        assertThat(h.learnings.list(ALICE, Optional.empty())).hasSize(1);
        assertThat(h.memories.count(ALICE)).as("learnings are not memories").isZero();
    }

    @Test
    void bad_input_names_the_field_and_other_tenants_see_nothing() {
        Learning l = h.learnings.learn(ALICE, "Task", "steps", Optional.empty()).learning();

        assertThatThrownBy(() -> h.learnings.learn(ALICE, " ", "steps", Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("task"));
        assertThatThrownBy(() -> h.learnings.search(ALICE, "", Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("query"));
        assertThatThrownBy(() -> h.learnings.get(BOB, l.id())).isInstanceOf(NotFoundException.class);
        assertThat(h.learnings.search(BOB, "task", Optional.empty())).isEmpty();
    }
}
