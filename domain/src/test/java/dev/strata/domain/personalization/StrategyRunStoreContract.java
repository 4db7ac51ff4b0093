package dev.strata.domain.personalization;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link StrategyRunStore} promises. */
public abstract class StrategyRunStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final UserId ANN = UserId.of("ann");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00.123Z");

    protected StrategyRunStore store;

    protected abstract StrategyRunStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    private StrategyRun open(Tenant tenant, String strategy, int second) {
        return store.open(tenant, new NewStrategyRun(ANN, StrategyId.of(strategy), new BigDecimal("250.5"),
                T0.plusSeconds(second)));
    }

    @Test
    void an_opened_run_reads_back_running() {
        StrategyRun run = open(ALICE, "grid-btc", 0);

        assertThat(store.find(ALICE, run.id())).contains(run);
        assertThat(run.running()).isTrue();
        assertThat(run.allocatedUsd()).isEqualByComparingTo("250.5");
        assertThat(store.running(ALICE, ANN)).containsExactly(run);
    }

    @Test
    void a_strategy_has_at_most_one_running_run() {
        open(ALICE, "grid-btc", 0);

        assertThatThrownBy(() -> open(ALICE, "grid-btc", 1)).isInstanceOf(ConflictException.class);
        assertThat(store.running(ALICE, ANN)).hasSize(1);
    }

    @Test
    void a_run_closes_once_and_a_new_one_may_open_after_it() {
        StrategyRun run = open(ALICE, "grid-btc", 0);

        assertThat(store.close(ALICE, run.id(), StopReason.USER_MANUAL, T0.plusSeconds(60), Optional.empty())).isTrue();
        assertThat(store.close(ALICE, run.id(), StopReason.OTHER, T0.plusSeconds(90), Optional.empty())).isFalse();

        StrategyRun closed = store.find(ALICE, run.id()).orElseThrow();
        assertThat(closed.stopReason()).contains(StopReason.USER_MANUAL);
        assertThat(closed.stoppedAt()).contains(T0.plusSeconds(60));
        assertThat(store.running(ALICE, ANN)).isEmpty();
        StrategyRun second = open(ALICE, "grid-btc", 120);
        assertThat(store.history(ALICE, ANN, 10)).extracting(StrategyRun::id).containsExactly(second.id(), run.id());
    }

    @Test
    void the_pnl_is_backfilled_once_and_only_after_the_stop() {
        StrategyRun run = open(ALICE, "dca-eth", 0);

        assertThat(store.backfillPnl(ALICE, run.id(), new BigDecimal("-12.5"))).isFalse();
        store.close(ALICE, run.id(), StopReason.DRAWDOWN_PROTECTION, T0.plusSeconds(60), Optional.empty());
        assertThat(store.backfillPnl(ALICE, run.id(), new BigDecimal("-12.5"))).isTrue();
        assertThat(store.backfillPnl(ALICE, run.id(), new BigDecimal("99"))).isFalse();

        assertThat(store.find(ALICE, run.id()).orElseThrow().realizedPnlUsd().orElseThrow()).isEqualByComparingTo("-12.5");
    }

    @Test
    void a_close_may_carry_the_pnl_at_once() {
        StrategyRun run = open(ALICE, "dca-eth", 0);

        store.close(ALICE, run.id(), StopReason.LIQUIDATED, T0.plusSeconds(5), Optional.of(new BigDecimal("-250.5")));

        assertThat(store.find(ALICE, run.id()).orElseThrow().realizedPnlUsd().orElseThrow())
                .isEqualByComparingTo("-250.5");
    }

    @Test
    void history_is_newest_first_and_limited() {
        StrategyRun a = open(ALICE, "a", 0);
        StrategyRun b = open(ALICE, "b", 10);
        StrategyRun c = open(ALICE, "c", 20);

        assertThat(store.history(ALICE, ANN, 2)).extracting(StrategyRun::id).containsExactly(c.id(), b.id());
        assertThat(store.running(ALICE, ANN)).extracting(StrategyRun::id).containsExactly(a.id(), b.id(), c.id());
    }

    @Test
    void runs_of_one_tenant_are_invisible_to_another() {
        StrategyRun run = open(ALICE, "grid-btc", 0);

        assertThat(store.find(BOB, run.id())).isEmpty();
        assertThat(store.running(BOB, ANN)).isEmpty();
        assertThat(store.history(BOB, ANN, 10)).isEmpty();
        assertThat(store.close(BOB, run.id(), StopReason.OTHER, T0.plusSeconds(1), Optional.empty())).isFalse();
        assertThat(store.find(ALICE, run.id()).orElseThrow().running()).isTrue();
        open(BOB, "grid-btc", 0);
        assertThat(store.running(BOB, ANN)).hasSize(1);
    }
}
