package dev.strata.application.personalization;

import dev.strata.domain.MutableClock;
import dev.strata.domain.error.ConflictException;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.InMemoryStrategyRunStore;
import dev.strata.domain.personalization.StopReason;
import dev.strata.domain.personalization.StrategyId;
import dev.strata.domain.personalization.StrategyRun;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StrategyRunServiceTest {

    private static final Tenant ACME = Tenant.of("acme");
    private static final UserId ANN = UserId.of("ann");
    private static final StrategyId GRID = StrategyId.of("grid-btc");
    private static final StrategyId DCA = StrategyId.of("dca-eth");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    private final StrategyRunService service = new StrategyRunService(new InMemoryStrategyRunStore(),
            PersonalizationPolicy.defaults().withStrategyGrace(Duration.ofMinutes(2)), clock);

    @Test
    void a_disable_through_the_agent_closes_the_run_as_user_manual() {
        StrategyRun run = service.open(ACME, ANN, GRID, new BigDecimal("500"));
        clock.advance(Duration.ofHours(3));

        StrategyRun stopped = service.stop(ACME, run.id(), StopReason.USER_MANUAL, Optional.of(new BigDecimal("12.5")));

        assertThat(stopped.stopReason()).contains(StopReason.USER_MANUAL);
        assertThat(stopped.stoppedAt()).contains(clock.instant());
        assertThat(stopped.realizedPnlUsd().orElseThrow()).isEqualByComparingTo("12.5");
        assertThatThrownBy(() -> service.stop(ACME, run.id(), StopReason.OTHER, Optional.empty()))
                .isInstanceOf(ConflictException.class);
    }

    @Test
    void reconcile_closes_runs_gone_upstream_after_the_grace_window_and_keeps_young_or_listed_ones() {
        StrategyRun old = service.open(ACME, ANN, GRID, BigDecimal.TEN);
        StrategyRun listed = service.open(ACME, ANN, DCA, BigDecimal.TEN);
        clock.advance(Duration.ofMinutes(10));
        StrategyRun young = service.open(ACME, ANN, StrategyId.of("fresh"), BigDecimal.ONE);
        clock.advance(Duration.ofMinutes(2).minusMillis(1));

        var closed = service.reconcile(ACME, ANN, Set.of(DCA));

        assertThat(closed).extracting(StrategyRun::id).containsExactly(old.id());
        assertThat(closed.get(0).stopReason()).contains(StopReason.OTHER);
        assertThat(service.running(ACME, ANN)).extracting(StrategyRun::id).containsExactly(listed.id(), young.id());

        clock.advance(Duration.ofMillis(1));
        assertThat(service.reconcile(ACME, ANN, Set.of(DCA))).extracting(StrategyRun::id).containsExactly(young.id());
        assertThat(service.reconcile(ACME, ANN, Set.of(DCA))).isEmpty();
    }

    @Test
    void the_pnl_is_backfilled_once_after_the_stop() {
        StrategyRun run = service.open(ACME, ANN, GRID, BigDecimal.TEN);

        assertThatThrownBy(() -> service.backfillPnl(ACME, run.id(), BigDecimal.ONE)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("still running");
        service.reconcile(ACME, ANN, Set.of());
        clock.advance(Duration.ofMinutes(5));
        service.reconcile(ACME, ANN, Set.of());
        assertThat(service.backfillPnl(ACME, run.id(), new BigDecimal("-3")).realizedPnlUsd().orElseThrow())
                .isEqualByComparingTo("-3");
        assertThatThrownBy(() -> service.backfillPnl(ACME, run.id(), BigDecimal.ONE)).isInstanceOf(ConflictException.class);
    }

    @Test
    void another_tenants_run_is_not_found_and_hostile_limits_are_refused() {
        StrategyRun run = service.open(ACME, ANN, GRID, BigDecimal.TEN);

        assertThatThrownBy(() -> service.get(Tenant.of("other"), run.id())).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> service.stop(Tenant.of("other"), run.id(), StopReason.OTHER, Optional.empty()))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> service.history(ACME, ANN, Optional.of(0))).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> service.history(ACME, ANN, Optional.of(501))).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> service.open(ACME, ANN, DCA, new BigDecimal("-1"))).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("allocated_usd");
        assertThat(service.history(ACME, ANN, Optional.empty())).hasSize(1);
    }
}
