package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static dev.strata.domain.trading.Fills.T0;
import static dev.strata.domain.trading.Fills.spot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link SpotActivityStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class SpotActivityStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");

    protected SpotActivityStore store;

    protected abstract SpotActivityStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void an_activity_reads_back_equal_with_its_amount_digit_for_digit() {
        SpotActivity written = spot(ALICE, "0xabc", T0.plusMillis(3));
        SpotActivity bare = new SpotActivity(ALICE, "0xdef", T0, "transfer", Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), "pending", Optional.empty());

        assertThat(store.insertAll(ALICE, List.of(written, bare), T0)).isEqualTo(2);

        List<StoredSpotActivity> read = store.after(ALICE, 0, 10);
        assertThat(read).extracting(StoredSpotActivity::activity).containsExactly(written, bare);
        assertThat(read.getFirst().activity().amount()).contains("1500.123456789012345678");
    }

    @Test
    void a_known_transaction_hash_is_ignored() {
        store.insertAll(ALICE, List.of(spot(ALICE, "0x1", T0)), T0);

        assertThat(store.insertAll(ALICE, List.of(spot(ALICE, "0x1", T0), spot(ALICE, "0x2", T0),
                spot(ALICE, "0x2", T0)), T0)).isEqualTo(1);
        assertThat(store.countAfter(ALICE, 0)).isEqualTo(2);
    }

    @Test
    void tenants_hold_their_own_activities_even_with_the_same_hash() {
        store.insertAll(ALICE, List.of(spot(ALICE, "0x1", T0)), T0);

        assertThat(store.insertAll(BOB, List.of(spot(BOB, "0x1", T0)), T0)).isEqualTo(1);
        assertThat(store.after(BOB, 0, 10)).extracting(r -> r.activity().tenant()).containsExactly(BOB);
        assertThat(store.countAfter(ALICE, 0)).isEqualTo(1);
    }

    @Test
    void an_activity_of_another_tenant_is_refused() {
        assertThatThrownBy(() -> store.insertAll(ALICE, List.of(spot(BOB, "0x1", T0)), T0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(store.countAfter(BOB, 0)).isZero();
    }

    @Test
    void after_pages_by_row_id() {
        store.insertAll(ALICE, List.of(spot(ALICE, "0x1", T0), spot(ALICE, "0x2", T0), spot(ALICE, "0x3", T0)), T0);
        List<StoredSpotActivity> first = store.after(ALICE, 0, 2);

        assertThat(first).extracting(r -> r.activity().txHash()).containsExactly("0x1", "0x2");
        assertThat(store.after(ALICE, first.getLast().id(), 5)).extracting(r -> r.activity().txHash())
                .containsExactly("0x3");
        assertThat(store.countAfter(ALICE, first.getLast().id())).isEqualTo(1);
    }
}
