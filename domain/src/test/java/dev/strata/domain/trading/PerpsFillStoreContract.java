package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import static dev.strata.domain.trading.Fills.T0;
import static dev.strata.domain.trading.Fills.fill;
import static dev.strata.domain.trading.Fills.open;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link PerpsFillStore} promises; run against the in-memory fake and the SQLite adapter. */
public abstract class PerpsFillStoreContract {

    protected static final Tenant ALICE = Tenant.of("alice");
    protected static final Tenant BOB = Tenant.of("bob");

    protected PerpsFillStore store;

    protected abstract PerpsFillStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void a_fill_reads_back_equal_to_the_one_written() {
        PerpsFill written = new PerpsFill(ALICE, SubAccountId.of("0xSub"), Optional.of("0xWallet"), "9137",
                T0.plusMillis(417), "kPEPE", FillSide.SELL, Optional.of("Close Long"), new BigDecimal("123456.789012345"),
                new BigDecimal("0.0000123456"), new BigDecimal("-0.0213"), new BigDecimal("-42.17"),
                Optional.of("{\"coin\":\"kPEPE\",\"note\":\"\\\"quoted\\\" \u4e2d\"}"),
                FillUid.derive(Optional.empty(), Optional.empty(), "{\"coin\":\"kPEPE\"}"));

        assertThat(store.insertAll(ALICE, List.of(written), T0)).isEqualTo(1);

        StoredPerpsFill read = store.after(ALICE, 0, 10).getFirst();
        assertThat(read.fill()).isEqualTo(written);
        assertThat(read.createdAt()).isEqualTo(T0);
        assertThat(read.id()).isPositive();
    }

    @Test
    void re_sent_fills_are_ignored_and_only_new_ones_counted() {
        store.insertAll(ALICE, List.of(open(ALICE, "1", T0, "BTC"), open(ALICE, "2", T0, "BTC")), T0);

        int inserted = store.insertAll(ALICE, List.of(open(ALICE, "2", T0, "BTC"), open(ALICE, "3", T0, "BTC"),
                open(ALICE, "3", T0, "BTC")), T0);

        assertThat(inserted).isEqualTo(1);
        assertThat(store.countAfter(ALICE, 0)).isEqualTo(3);
    }

    @Test
    void the_same_fill_uid_in_another_sub_account_is_another_fill() {
        store.insertAll(ALICE, List.of(fill(ALICE, "sub-1", "7", T0, "ETH", FillSide.BUY, "Open Long", "1", "3000", "0")),
                T0);

        assertThat(store.insertAll(ALICE, List.of(fill(ALICE, "sub-2", "7", T0, "ETH", FillSide.BUY, "Open Long", "1",
                "3000", "0")), T0)).isEqualTo(1);
    }

    @Test
    void tenants_hold_their_own_fills_even_with_the_same_keys() {
        store.insertAll(ALICE, List.of(open(ALICE, "1", T0, "BTC")), T0);

        assertThat(store.insertAll(BOB, List.of(open(BOB, "1", T0, "BTC")), T0)).isEqualTo(1);
        assertThat(store.after(BOB, 0, 10)).extracting(r -> r.fill().tenant()).containsExactly(BOB);
        assertThat(store.recent(BOB, "BTC", 10)).hasSize(1);
        assertThat(store.aggregate(BOB, T0)).extracting(FillAggregate::fills).containsExactly(1L);
        assertThat(store.countAfter(Tenant.of("carol"), 0)).isZero();
        assertThat(store.symbolsSince(Tenant.of("carol"), T0)).isEmpty();
        assertThat(store.tenants()).containsExactly(ALICE, BOB);
    }

    @Test
    void a_fill_of_another_tenant_is_refused_and_nothing_of_the_batch_is_stored() {
        assertThatThrownBy(() -> store.insertAll(ALICE, List.of(open(ALICE, "1", T0, "BTC"), open(BOB, "2", T0, "BTC")),
                T0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(store.countAfter(ALICE, 0)).isZero();
        assertThat(store.countAfter(BOB, 0)).isZero();
    }

    @Test
    void after_pages_by_row_id_oldest_first() {
        store.insertAll(ALICE, List.of(open(ALICE, "1", T0, "BTC"), open(ALICE, "2", T0, "ETH"),
                open(ALICE, "3", T0, "SOL")), T0);
        List<StoredPerpsFill> first = store.after(ALICE, 0, 2);

        assertThat(first).extracting(r -> r.fill().symbol()).containsExactly("BTC", "ETH");
        assertThat(store.after(ALICE, first.getLast().id(), 2)).extracting(r -> r.fill().symbol()).containsExactly("SOL");
        assertThat(store.countAfter(ALICE, first.getFirst().id())).isEqualTo(2);
    }

    @Test
    void recent_answers_one_symbol_newest_first_whatever_its_case() {
        store.insertAll(ALICE, List.of(open(ALICE, "1", T0, "BTC"), open(ALICE, "2", T0.plusSeconds(60), "BTC"),
                open(ALICE, "3", T0.plusSeconds(30), "ETH"), open(ALICE, "4", T0.plusSeconds(10), "BTC")), T0);

        assertThat(store.recent(ALICE, "btc", 2)).extracting(r -> r.fill().at())
                .containsExactly(T0.plusSeconds(60), T0.plusSeconds(10));
        assertThat(store.recent(ALICE, "DOGE", 5)).isEmpty();
    }

    @Test
    void aggregate_groups_the_window_by_symbol_side_and_direction_counting_realised_and_winning_fills() {
        Instant old = T0.minus(Duration.ofDays(40));
        store.insertAll(ALICE, List.of(
                fill(ALICE, "sub-1", "1", T0, "BTC", FillSide.BUY, "Open Long", "0.5", "60000", "0"),
                fill(ALICE, "sub-1", "2", T0.plusSeconds(5), "BTC", FillSide.BUY, "Open Long", "0.25", "60000", "0"),
                fill(ALICE, "sub-2", "3", T0.plusSeconds(9), "BTC", FillSide.SELL, "Close Long", "0.75", "62000", "1500"),
                fill(ALICE, "sub-2", "6", T0.plusSeconds(3), "BTC", FillSide.SELL, "Close Long", "0.25", "59000", "-250"),
                fill(ALICE, "sub-1", "4", T0.plusSeconds(7), "ETH", FillSide.SELL, null, "2", "3000", "-40"),
                fill(ALICE, "sub-1", "5", old, "BTC", FillSide.BUY, "Open Long", "9", "9", "0")), T0);

        List<FillAggregate> groups = store.aggregate(ALICE, T0.minus(Duration.ofDays(30))).stream()
                .sorted(Comparator.comparing(FillAggregate::symbol).thenComparing(g -> g.side().name())).toList();

        assertThat(groups).hasSize(3);
        FillAggregate opens = groups.get(0);
        assertThat(opens.symbol()).isEqualTo("BTC");
        assertThat(opens.side()).isEqualTo(FillSide.BUY);
        assertThat(opens.dir()).contains("Open Long");
        assertThat(opens.fills()).isEqualTo(2);
        assertThat(opens.realizingFills()).isZero();
        assertThat(opens.volumeUsd()).isEqualByComparingTo("45000");
        assertThat(opens.lastAt()).isEqualTo(T0.plusSeconds(5));
        FillAggregate closes = groups.get(1);
        assertThat(closes.fills()).isEqualTo(2);
        assertThat(closes.realizingFills()).isEqualTo(2);
        assertThat(closes.winningFills()).isEqualTo(1);
        assertThat(closes.closedPnl()).isEqualByComparingTo("1250");
        assertThat(closes.volumeUsd()).isEqualByComparingTo("61250");
        assertThat(closes.lastAt()).isEqualTo(T0.plusSeconds(9));
        FillAggregate eth = groups.get(2);
        assertThat(eth.dir()).isEmpty();
        assertThat(eth.realizingFills()).isEqualTo(1);
        assertThat(eth.winningFills()).isZero();
        assertThat(eth.closedPnl()).isEqualByComparingTo("-40");
        assertThat(store.symbolsSince(ALICE, T0.minus(Duration.ofDays(30)))).containsExactlyInAnyOrder("BTC", "ETH");
    }
}
