package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link CapitalMetricsStore} promises. */
public abstract class CapitalMetricsStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final UserId ANN = UserId.of("ann");
    protected static final Instant T0 = Instant.parse("2026-01-01T10:00:00.123Z");

    protected CapitalMetricsStore store;

    protected abstract CapitalMetricsStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    private static CapitalValue value(String spot, String perp, Instant at) {
        return CapitalValue.of(new PortfolioReading(new BigDecimal(spot), new BigDecimal(perp)), at);
    }

    @Test
    void a_recorded_value_reads_back_exactly() {
        CapitalValue v = value("1234.56789012", "0.5", T0);

        store.record(ALICE, ANN, v);

        CapitalMetrics m = store.find(ALICE, ANN).orElseThrow();
        assertThat(m.value()).contains(v);
        assertThat(m.value().orElseThrow().totalUsd()).isEqualByComparingTo("1235.06789012");
        assertThat(m.value().orElseThrow().tier()).isEqualTo(CapitalTier.TIER_5);
        assertThat(m.lastFailure()).isEmpty();
    }

    @Test
    void a_failure_keeps_the_last_value_and_a_later_success_clears_it() {
        CapitalValue v = value("20000", "0", T0);
        store.record(ALICE, ANN, v);

        CapitalMetrics failed = store.recordFailure(ALICE, ANN, "portfolio service: 502", T0.plusSeconds(60),
                T0.plusSeconds(960));

        assertThat(failed.value()).contains(v);
        assertThat(store.find(ALICE, ANN).orElseThrow().value()).contains(v);
        assertThat(failed.lastFailure()).contains("portfolio service: 502");
        assertThat(failed.lastFailureAt()).contains(T0.plusSeconds(60));
        assertThat(failed.nextUpdate()).contains(T0.plusSeconds(960));

        CapitalValue later = value("5", "0", T0.plusSeconds(2000));
        store.record(ALICE, ANN, later);
        CapitalMetrics m = store.find(ALICE, ANN).orElseThrow();
        assertThat(m.value()).contains(later);
        assertThat(m.lastFailure()).isEmpty();
        assertThat(m.lastFailureAt()).isEmpty();
    }

    @Test
    void a_failure_before_any_value_stores_no_value() {
        store.recordFailure(ALICE, ANN, "down", T0, T0.plusSeconds(10));

        assertThat(store.find(ALICE, ANN).orElseThrow().value()).isEmpty();
    }

    @Test
    void a_claim_succeeds_once_while_due() {
        assertThat(store.claim(ALICE, ANN, T0, T0.plusSeconds(100))).isTrue();
        assertThat(store.claim(ALICE, ANN, T0.plusSeconds(99), T0.plusSeconds(200))).isFalse();
        assertThat(store.claim(ALICE, ANN, T0.plusSeconds(100), T0.plusSeconds(200))).isTrue();
        assertThat(store.find(ALICE, ANN).orElseThrow().nextUpdate()).contains(T0.plusSeconds(200));
    }

    @Test
    void rows_of_one_tenant_are_invisible_to_another() {
        store.record(ALICE, ANN, value("1", "1", T0));
        store.claim(ALICE, ANN, T0, T0.plusSeconds(100));

        assertThat(store.find(BOB, ANN)).isEmpty();
        assertThat(store.claim(BOB, ANN, T0, T0.plusSeconds(100))).isTrue();
        assertThat(store.find(BOB, ANN).orElseThrow().value()).isEqualTo(Optional.empty());
    }
}
