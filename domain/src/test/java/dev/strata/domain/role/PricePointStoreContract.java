package dev.strata.domain.role;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link PricePointStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class PricePointStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");
    protected static final Asset BTC = Asset.of("BTC");
    protected static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    protected static final Duration HOUR = Duration.ofHours(1);

    protected PricePointStore store;

    protected abstract PricePointStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    protected static PricePoint btc(String price, Instant at) {
        return new PricePoint(BTC, new BigDecimal(price), at, "agent:get_price");
    }

    @Test
    void the_point_closest_to_the_instant_within_the_tolerance_is_found() {
        store.add(ALICE, List.of(btc("100", T0.minusSeconds(600)), btc("101", T0.plusSeconds(300)),
                btc("90", T0.plus(Duration.ofHours(5)))));

        assertThat(store.nearest(ALICE, BTC, T0, HOUR)).map(PricePoint::price).contains(new BigDecimal("101"));
        assertThat(store.nearest(ALICE, BTC, T0.plus(Duration.ofHours(3)), HOUR)).isEmpty();
        assertThat(store.nearest(ALICE, BTC, T0.plus(Duration.ofHours(4)), HOUR)).map(PricePoint::price)
                .contains(new BigDecimal("90"));
        assertThat(store.nearest(ALICE, Asset.of("ETH"), T0, HOUR)).isEmpty();
    }

    @Test
    void a_tie_goes_to_the_earlier_point_and_the_tolerance_edge_is_inclusive() {
        store.add(ALICE, List.of(btc("100", T0.minusSeconds(60)), btc("102", T0.plusSeconds(60))));

        assertThat(store.nearest(ALICE, BTC, T0, HOUR)).map(PricePoint::price).contains(new BigDecimal("100"));
        assertThat(store.nearest(ALICE, BTC, T0.plus(HOUR).plusSeconds(60), HOUR)).map(PricePoint::price)
                .contains(new BigDecimal("102"));
    }

    @Test
    void prices_round_trip_exactly_and_a_repeated_point_replaces_the_first() {
        store.add(ALICE, List.of(btc("0.000012345678901234", T0)));
        store.add(ALICE, List.of(btc("64123.45", T0)));

        PricePoint found = store.nearest(ALICE, BTC, T0, Duration.ZERO).orElseThrow();
        assertThat(found).isEqualTo(btc("64123.45", T0));
    }

    @Test
    void another_tenants_prices_are_invisible() {
        store.add(ALICE, List.of(btc("100", T0)));

        assertThat(store.nearest(BOB, BTC, T0, HOUR)).isEmpty();
    }

    @Test
    void old_points_are_purged() {
        store.add(ALICE, List.of(btc("1", T0.minus(Duration.ofDays(400))), btc("2", T0)));

        assertThat(store.purgeBefore(T0.minus(Duration.ofDays(1)))).isEqualTo(1);
        assertThat(store.nearest(ALICE, BTC, T0.minus(Duration.ofDays(400)), HOUR)).isEmpty();
        assertThat(store.nearest(ALICE, BTC, T0, HOUR)).isPresent();
    }
}
