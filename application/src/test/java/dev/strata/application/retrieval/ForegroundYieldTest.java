package dev.strata.application.retrieval;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The yielding rule on a fake clock: sleeping advances it, so nothing here depends on real time. */
class ForegroundYieldTest {

    private static final long MS = 1_000_000L;

    private final AtomicLong now = new AtomicLong(1_000 * MS);
    private final List<Long> sleeps = new ArrayList<>();
    /** Runs during each sleep: a write arriving while the worker waits. */
    private Runnable duringSleep = () -> { };

    private final ForegroundYield yield = new ForegroundYield(Duration.ofMillis(250), Duration.ofMillis(2_000), now::get,
            nanos -> {
                sleeps.add(nanos);
                now.addAndGet(nanos);
                duringSleep.run();
            });

    private long slept() {
        return sleeps.stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void without_any_write_the_batch_goes_at_once() throws Exception {
        assertThat(yield.awaitTurn(() -> false)).isTrue();
        assertThat(sleeps).isEmpty();
    }

    @Test
    void a_write_longer_ago_than_the_quiet_period_does_not_delay() throws Exception {
        yield.requestSeen();
        now.addAndGet(300 * MS);

        assertThat(yield.awaitTurn(() -> false)).isTrue();
        assertThat(sleeps).isEmpty();
    }

    @Test
    void a_recent_write_delays_the_batch_until_the_quiet_period_has_passed() throws Exception {
        yield.requestSeen();
        now.addAndGet(100 * MS);

        assertThat(yield.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).isEqualTo(150 * MS);
    }

    @Test
    void writes_arriving_all_the_time_delay_a_batch_by_the_maximum_wait_and_no_more() throws Exception {
        duringSleep = yield::requestSeen;
        yield.requestSeen();

        assertThat(yield.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).isEqualTo(2_000 * MS);
        // Each sleep is short, so that a stop is noticed quickly.
        assertThat(sleeps).allSatisfy(nanos -> assertThat(nanos).isLessThanOrEqualTo(ForegroundYield.SLICE_NANOS));
    }

    @Test
    void the_maximum_wait_counts_per_batch() throws Exception {
        duringSleep = yield::requestSeen;
        yield.requestSeen();
        yield.awaitTurn(() -> false);
        sleeps.clear();

        assertThat(yield.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).isEqualTo(2_000 * MS);
    }

    @Test
    void a_stop_ends_the_wait_and_the_batch_is_not_embedded() throws Exception {
        boolean[] stopping = {false};
        duringSleep = () -> {
            yield.requestSeen();
            stopping[0] = sleeps.size() == 3;
        };
        yield.requestSeen();

        assertThat(yield.awaitTurn(() -> stopping[0])).isFalse();
        assertThat(sleeps).hasSize(3);
    }

    @Test
    void zero_durations_switch_yielding_off() throws Exception {
        ForegroundYield off = new ForegroundYield(Duration.ZERO, Duration.ofSeconds(2), now::get, nanos -> sleeps.add(nanos));
        off.requestSeen();

        assertThat(off.awaitTurn(() -> false)).isTrue();
        assertThat(sleeps).isEmpty();
        assertThat(ForegroundYield.of(EmbeddingSettings.Yield.OFF)).isSameAs(ForegroundYield.NEVER);
    }

    @Test
    void negative_durations_are_rejected() {
        assertThatThrownBy(() -> new EmbeddingSettings.Yield(Duration.ofMillis(-1), Duration.ofSeconds(2)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private ForegroundYield withShare(int percent) {
        return new ForegroundYield(Duration.ofMillis(250), Duration.ofMillis(2_000), percent, now::get, nanos -> {
            sleeps.add(nanos);
            now.addAndGet(nanos);
            duringSleep.run();
        });
    }

    @Test
    void under_steady_requests_a_minimum_share_of_half_waits_no_longer_than_the_last_batch_computed() throws Exception {
        ForegroundYield shared = withShare(50);
        duringSleep = shared::requestSeen;
        shared.requestSeen();
        shared.batchTook(300 * MS);

        assertThat(shared.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).as("the batch computed 300 ms, so it waits 300 ms, not the 2 s maximum")
                .isEqualTo(300 * MS);
    }

    @Test
    void the_share_sets_the_ratio_of_computing_to_waiting() throws Exception {
        ForegroundYield quarter = withShare(25);
        duringSleep = quarter::requestSeen;
        quarter.requestSeen();
        quarter.batchTook(100 * MS);

        assertThat(quarter.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).as("25%% computing: three times the batch's time waiting").isEqualTo(300 * MS);
    }

    @Test
    void a_long_batch_still_waits_at_most_the_maximum_and_a_quiet_spell_still_ends_the_wait_sooner() throws Exception {
        ForegroundYield shared = withShare(10);
        shared.batchTook(5_000 * MS);
        duringSleep = shared::requestSeen;
        shared.requestSeen();
        assertThat(shared.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).isEqualTo(2_000 * MS);

        sleeps.clear();
        duringSleep = () -> { };
        shared.requestSeen();
        assertThat(shared.awaitTurn(() -> false)).isTrue();
        assertThat(slept()).as("no request during the wait: the quiet period ends it").isEqualTo(250 * MS);
    }

    @Test
    void a_share_outside_one_to_a_hundred_percent_is_refused() {
        assertThatThrownBy(() -> withShare(101)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new dev.strata.application.retrieval.EmbeddingSettings.Yield(Duration.ofMillis(1),
                Duration.ofMillis(1), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minimum share");
    }
}
