package dev.strata.domain.personalization;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class StrategyReconcileTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration GRACE = Duration.ofMinutes(2);

    private static StrategyRun run(long id, String strategy, Instant started) {
        return new StrategyRun(new StrategyRunId(id), UserId.DEFAULT, StrategyId.of(strategy), BigDecimal.TEN, started,
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void a_run_missing_upstream_past_the_grace_window_is_closed() {
        StrategyRun gone = run(1, "grid-btc", T0);
        StrategyRun listed = run(2, "dca-eth", T0);

        assertThat(StrategyReconcile.toClose(List.of(gone, listed), Set.of(StrategyId.of("dca-eth")),
                T0.plus(Duration.ofHours(1)), GRACE)).containsExactly(gone);
    }

    @Test
    void a_just_enabled_run_inside_the_grace_window_is_kept_and_one_exactly_at_its_end_is_closed() {
        StrategyRun fresh = run(1, "grid-btc", T0);

        assertThat(StrategyReconcile.toClose(List.of(fresh), Set.of(), T0.plus(GRACE).minusMillis(1), GRACE)).isEmpty();
        assertThat(StrategyReconcile.toClose(List.of(fresh), Set.of(), T0.plus(GRACE), GRACE)).containsExactly(fresh);
    }

    @Test
    void a_stopped_run_is_never_closed_again() {
        StrategyRun stopped = new StrategyRun(new StrategyRunId(1), UserId.DEFAULT, StrategyId.of("x"), BigDecimal.ONE,
                T0, Optional.of(T0.plusSeconds(5)), Optional.of(StopReason.USER_MANUAL), Optional.empty());

        assertThat(StrategyReconcile.toClose(List.of(stopped), Set.of(), T0.plus(Duration.ofDays(1)), GRACE)).isEmpty();
    }

    @Test
    void with_no_grace_a_run_missing_upstream_closes_at_once() {
        StrategyRun r = run(1, "x", T0);

        assertThat(StrategyReconcile.toClose(List.of(r), Set.of(), T0, Duration.ZERO)).containsExactly(r);
    }
}
