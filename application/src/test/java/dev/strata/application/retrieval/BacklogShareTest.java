package dev.strata.application.retrieval;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** When the worker takes its CPU share behind a backlog, and how many threads it computes on. */
class BacklogShareTest {

    private static final long MS = 1_000_000L;
    private static final long CHECK = BacklogShare.CHECK_INTERVAL.toNanos();

    private final AtomicLong now = new AtomicLong();
    private final AtomicLong pending = new AtomicLong();
    private final AtomicInteger reads = new AtomicInteger();

    /** 1,000 rows, 40% of two cores (0.8 of a core), at most 8 threads. */
    private BacklogShare share(int cpuPercent) {
        return new BacklogShare(new EmbeddingSettings.BacklogShare(1_000, cpuPercent), 2, 8, () -> {
            reads.incrementAndGet();
            return pending.get();
        }, now::get);
    }

    @Test
    void engages_at_the_threshold_and_releases_only_below_half_of_it() {
        BacklogShare share = share(40);
        pending.set(999);
        assertThat(share.engaged()).isFalse();

        pending.set(1_000);
        now.addAndGet(CHECK);
        assertThat(share.engaged()).isTrue();

        pending.set(500);
        now.addAndGet(CHECK);
        assertThat(share.engaged()).as("still half the threshold: the hysteresis keeps it").isTrue();

        pending.set(499);
        now.addAndGet(CHECK);
        assertThat(share.engaged()).isFalse();
    }

    @Test
    void reads_the_pending_count_at_most_once_per_interval() {
        BacklogShare share = share(40);
        pending.set(5_000);
        for (int i = 0; i < 100; i++) {
            share.engaged();
            now.addAndGet(CHECK / 10);
        }
        // 100 calls over ten intervals (the first at 0): one reading per interval.
        assertThat(reads.get()).isEqualTo(10);
    }

    @Test
    void switched_off_it_never_engages_and_never_reads_the_store() {
        BacklogShare share = share(0);
        pending.set(1_000_000);

        assertThat(share.engaged()).isFalse();
        share.batchComputed(0, 100 * MS);

        assertThat(reads.get()).isZero();
        assertThat(share.parallelism()).isEqualTo(1);
    }

    @Test
    void adds_a_thread_per_batch_while_the_worker_gets_less_than_its_share_up_to_the_bound() {
        BacklogShare share = share(40);
        pending.set(5_000);
        assertThat(share.engaged()).isTrue();

        for (int batch = 0; batch < 20; batch++) {
            // Every thread got a tenth of a core: a saturated machine.
            share.batchComputed(share.parallelism() * 10 * MS, 100 * MS);
        }

        assertThat(share.parallelism()).isEqualTo(8);
    }

    @Test
    void settles_where_the_worker_gets_its_share() {
        BacklogShare share = share(40);
        pending.set(5_000);
        share.engaged();

        for (int batch = 0; batch < 20; batch++) {
            // Each thread gets a fifth of a core: four threads make 0.8 of a core, the share.
            share.batchComputed(share.parallelism() * 20 * MS, 100 * MS);
        }

        assertThat(share.parallelism()).isEqualTo(4);
    }

    @Test
    void one_thread_that_gets_a_whole_core_stays_alone() {
        BacklogShare share = share(40);
        pending.set(5_000);
        share.engaged();

        share.batchComputed(100 * MS, 100 * MS);

        assertThat(share.parallelism()).isEqualTo(1);
    }

    @Test
    void drops_a_thread_when_the_worker_runs_well_over_its_share() {
        BacklogShare share = share(40);
        pending.set(5_000);
        share.engaged();
        for (int batch = 0; batch < 3; batch++) {
            share.batchComputed(0, 100 * MS);
        }
        assertThat(share.parallelism()).isEqualTo(4);

        // The requests stopped: four threads got two whole cores.
        share.batchComputed(200 * MS, 100 * MS);

        assertThat(share.parallelism()).isEqualTo(3);
    }

    @Test
    void releasing_the_share_goes_back_to_one_thread_and_ignores_batches() {
        BacklogShare share = share(40);
        pending.set(5_000);
        share.engaged();
        share.batchComputed(0, 100 * MS);
        share.batchComputed(0, 100 * MS);
        assertThat(share.parallelism()).isEqualTo(3);

        pending.set(10);
        now.addAndGet(CHECK);
        assertThat(share.engaged()).isFalse();
        share.batchComputed(0, 100 * MS);

        assertThat(share.parallelism()).isEqualTo(1);
    }

    @Test
    void a_batch_without_a_cpu_reading_changes_nothing() {
        BacklogShare share = share(40);
        pending.set(5_000);
        share.engaged();

        share.batchComputed(-1, 100 * MS);

        assertThat(share.parallelism()).isEqualTo(1);
    }

    @Test
    void a_count_that_cannot_be_read_keeps_the_last_decision() {
        AtomicLong fail = new AtomicLong();
        BacklogShare share = new BacklogShare(new EmbeddingSettings.BacklogShare(1_000, 40), 2, 8, () -> {
            if (fail.get() > 0) {
                throw new IllegalStateException("the database is busy");
            }
            return 5_000;
        }, now::get);
        assertThat(share.engaged()).isTrue();

        fail.set(1);
        now.addAndGet(CHECK);

        assertThat(share.engaged()).isTrue();
    }

    @Test
    void the_settings_name_what_is_wrong() {
        assertThatThrownBy(() -> new EmbeddingSettings.BacklogShare(0, 40)).hasMessageContaining("rows");
        assertThatThrownBy(() -> new EmbeddingSettings.BacklogShare(1_000, 101)).hasMessageContaining("[0, 100]");
        assertThatThrownBy(() -> new EmbeddingSettings.BacklogShare(1_000, -1)).hasMessageContaining("[0, 100]");
        assertThat(EmbeddingSettings.BacklogShare.OFF.enabled()).isFalse();
        assertThat(EmbeddingSettings.DEFAULTS.backlogShare()).isEqualTo(EmbeddingSettings.BacklogShare.DEFAULT);
    }
}
