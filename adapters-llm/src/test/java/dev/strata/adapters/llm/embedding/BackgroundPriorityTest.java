package dev.strata.adapters.llm.embedding;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Background threads lower their own CPU priority, and only their own. */
class BackgroundPriorityTest {

    private static int niceOfANewThread(int nice) throws Exception {
        CompletableFuture<Integer> seen = new CompletableFuture<>();
        Thread t = BackgroundPriority.threads("nice-probe", nice).newThread(
                () -> seen.complete(BackgroundPriority.currentNice()));
        assertThat(t.isDaemon()).isTrue();
        assertThat(t.getName()).isEqualTo("nice-probe");
        t.start();
        return seen.get(10, TimeUnit.SECONDS);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void a_background_thread_runs_at_the_nice_value_given_and_the_calling_thread_keeps_its_own() throws Exception {
        int mine = BackgroundPriority.currentNice();
        assertThat(mine).as("this thread's nice value is readable").isBetween(-20, 19);
        int wanted = Math.min(19, Math.max(mine, 0) + 5);

        assertThat(niceOfANewThread(wanted)).isEqualTo(wanted);
        assertThat(BackgroundPriority.currentNice()).isEqualTo(mine);
        assertThat(niceOfANewThread(0)).as("0 leaves the priority alone").isEqualTo(mine);
    }

    @Test
    void a_nice_value_outside_0_to_19_is_refused() {
        assertThatIllegalArgumentException().isThrownBy(() -> BackgroundPriority.threads("x", 20))
                .withMessageContaining("0..19");
        assertThatIllegalArgumentException().isThrownBy(() -> BackgroundPriority.threads("x", -1));
    }
}
