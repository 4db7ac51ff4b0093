package dev.strata.domain.learning;

import dev.strata.domain.error.NotFoundException;
import dev.strata.domain.memory.MemoryId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.BOB;
import static dev.strata.domain.learning.LearningFixtures.POLICY;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static dev.strata.domain.learning.LearningFixtures.closeAt;
import static dev.strata.domain.learning.LearningFixtures.decision;
import static dev.strata.domain.learning.LearningFixtures.methodology;
import static dev.strata.domain.learning.LearningFixtures.openBtc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link TradeStore} promises, run against the in-memory fake and SQLite alike. */
public abstract class TradeStoreContract {

    protected MethodologyStore methodologies;
    protected TradeStore store;

    protected abstract MethodologyStoreContract.Stores createStores();

    private Methodology dip;
    private Methodology trend;

    @BeforeEach
    void freshStores() {
        MethodologyStoreContract.Stores s = createStores();
        methodologies = s.methodologies();
        store = s.trades();
        dip = methodologies.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology();
        trend = methodologies.create(methodology(ALICE, "Follow the trend"), 0.5, T0).methodology();
    }

    private Methodology reload(Methodology m) {
        return methodologies.find(m.tenant(), m.id()).orElseThrow();
    }

    @Test
    void an_open_trade_records_its_decision_as_pending_without_moving_counts() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);

        assertThat(r.trade().closed()).isFalse();
        assertThat(store.findTrade(ALICE, r.trade().id())).contains(r.trade());
        MethodologyCase c = r.decision().orElseThrow();
        assertThat(c.outcome()).isEqualTo(CaseOutcome.PENDING);
        assertThat(c.methodologies()).containsExactly(dip.id());
        assertThat(c.hintHash()).isEqualTo("hint-abc123");
        assertThat(c.decision()).isEqualTo("bought the dip");
        assertThat(c.scoredAt()).isEmpty();
        assertThat(store.findCase(ALICE, c.id())).contains(c);
        assertThat(r.changes()).isEmpty();
        assertThat(reload(dip)).isEqualTo(dip);
    }

    @Test
    void closing_scores_every_attributed_methodology_in_the_same_step() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id(), trend.id())), POLICY, T0);

        TradeStore.Closed closed = store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY,
                T0.plusSeconds(60));

        assertThat(closed.replayed()).isFalse();
        assertThat(closed.after().close().orElseThrow().pnl()).isEqualByComparingTo("2000");
        assertThat(store.findTrade(ALICE, r.trade().id())).contains(closed.after());
        assertThat(closed.cases()).singleElement().satisfies(c -> {
            assertThat(c.outcome()).isEqualTo(CaseOutcome.WIN);
            assertThat(c.scoredAt()).contains(T0.plusSeconds(60));
        });
        assertThat(closed.changes()).extracting(ch -> ch.after().id()).containsExactly(dip.id(), trend.id());
        for (Methodology m : List.of(dip, trend)) {
            Methodology now = reload(m);
            assertThat(now.successes()).isEqualTo(1);
            assertThat(now.uses()).isEqualTo(1);
            assertThat(now.confidence()).isEqualTo(POLICY.confidence(1, 1));
        }
    }

    @Test
    void replaying_the_same_close_changes_nothing() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));
        Methodology afterFirst = reload(dip);

        TradeStore.Closed replay = store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY,
                T0.plusSeconds(900));

        assertThat(replay.replayed()).isTrue();
        assertThat(replay.changes()).isEmpty();
        assertThat(replay.after()).isEqualTo(replay.before());
        assertThat(reload(dip)).isEqualTo(afterFirst);
        assertThat(store.listCases(ALICE, CaseFilter.ALL, 10)).singleElement()
                .satisfies(c -> assertThat(c.scoredAt()).contains(T0.plusSeconds(60)));
    }

    @Test
    void correcting_a_win_to_a_loss_moves_the_counts_exactly_once() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));

        TradeStore.Closed corrected = store.close(ALICE, r.trade().id(), closeAt("38000", T0.plusSeconds(60)), POLICY,
                T0.plusSeconds(120));
        store.close(ALICE, r.trade().id(), closeAt("38000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(180));

        assertThat(corrected.changes()).singleElement().satisfies(ch -> {
            assertThat(ch.before().successes()).isEqualTo(1);
            assertThat(ch.after().successes()).isZero();
            assertThat(ch.after().uses()).isEqualTo(1);
        });
        Methodology now = reload(dip);
        assertThat(now.successes()).isZero();
        assertThat(now.uses()).isEqualTo(1);
        assertThat(store.listCases(ALICE, CaseFilter.ALL, 10)).singleElement()
                .satisfies(c -> assertThat(c.outcome()).isEqualTo(CaseOutcome.LOSS));

        store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(240));
        assertThat(reload(dip).successes()).isEqualTo(1);
        assertThat(reload(dip).uses()).isEqualTo(1);
    }

    @Test
    void a_changed_pnl_with_the_same_outcome_updates_the_trade_but_not_the_counts() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));
        Methodology afterFirst = reload(dip);

        TradeStore.Closed c = store.close(ALICE, r.trade().id(), closeAt("45000", T0.plusSeconds(60)), POLICY,
                T0.plusSeconds(120));

        assertThat(c.replayed()).isFalse();
        assertThat(c.changes()).isEmpty();
        assertThat(store.findTrade(ALICE, r.trade().id()).orElseThrow().close().orElseThrow().exitPrice())
                .isEqualByComparingTo("45000");
        assertThat(reload(dip)).isEqualTo(afterFirst);
    }

    @Test
    void break_even_scores_as_a_loss() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);

        store.close(ALICE, r.trade().id(), closeAt("40000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));

        assertThat(reload(dip).successes()).isZero();
        assertThat(reload(dip).uses()).isEqualTo(1);
    }

    @Test
    void a_trade_recorded_closed_scores_its_decision_at_once() {
        NewTrade closedTrade = new NewTrade(ALICE, AssetSymbol.parse("asset", "BTC"), AssetClass.CRYPTO_MAJOR,
                TradeSide.LONG, new BigDecimal("0.5"), new BigDecimal("40000"), T0,
                Optional.of(closeAt("41000", T0.plusSeconds(30))));

        TradeStore.Recorded r = store.record(closedTrade, Optional.of(decision(dip.id())), POLICY, T0.plusSeconds(30));

        assertThat(r.decision().orElseThrow().outcome()).isEqualTo(CaseOutcome.WIN);
        assertThat(r.changes()).singleElement().satisfies(ch -> assertThat(ch.after().uses()).isEqualTo(1));
        assertThat(reload(dip).successes()).isEqualTo(1);
    }

    @Test
    void a_case_recorded_against_a_closed_trade_is_scored_at_once_and_twice_attributed_counts_twice() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        store.close(ALICE, r.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));

        TradeStore.Recorded second = store.recordCase(ALICE, r.trade().id(), decision(dip.id()), POLICY,
                T0.plusSeconds(90));

        assertThat(second.decision().orElseThrow().outcome()).isEqualTo(CaseOutcome.WIN);
        assertThat(reload(dip).uses()).isEqualTo(2);
        store.close(ALICE, r.trade().id(), closeAt("39000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(120));
        assertThat(reload(dip).successes()).isZero();
        assertThat(reload(dip).uses()).isEqualTo(2);
    }

    @Test
    void a_case_naming_another_tenants_methodology_is_refused_and_writes_nothing() {
        Methodology bobs = methodologies.create(methodology(BOB, "Bob's way"), 0.5, T0).methodology();
        NewTrade closedTrade = new NewTrade(ALICE, AssetSymbol.parse("asset", "BTC"), AssetClass.CRYPTO_MAJOR,
                TradeSide.LONG, new BigDecimal("1"), new BigDecimal("40000"), T0,
                Optional.of(closeAt("41000", T0.plusSeconds(30))));

        assertThatThrownBy(() -> store.record(closedTrade, Optional.of(decision(dip.id(), bobs.id())), POLICY, T0))
                .isInstanceOfSatisfying(NotFoundException.class, e -> {
                    assertThat(e.resource()).isEqualTo("methodology");
                    assertThat(e.id()).isEqualTo(bobs.id().toString());
                });

        assertThat(store.listTrades(ALICE, Optional.empty(), 10)).isEmpty();
        assertThat(store.listCases(ALICE, CaseFilter.ALL, 10)).isEmpty();
        assertThat(reload(dip)).isEqualTo(dip);
        assertThat(methodologies.find(BOB, bobs.id())).contains(bobs);
    }

    @Test
    void a_case_naming_a_missing_methodology_is_refused() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.empty(), POLICY, T0);

        assertThatThrownBy(() -> store.recordCase(ALICE, r.trade().id(), decision(dip.id(), MethodologyId.of(999)),
                POLICY, T0)).isInstanceOf(NotFoundException.class).hasMessageContaining("methodology 999");

        assertThat(store.listCases(ALICE, CaseFilter.ALL, 10)).isEmpty();
    }

    @Test
    void another_tenant_cannot_see_attribute_to_or_close_a_trade() {
        TradeStore.Recorded r = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        Methodology bobs = methodologies.create(methodology(BOB, "Bob's way"), 0.5, T0).methodology();

        assertThat(store.findTrade(BOB, r.trade().id())).isEmpty();
        assertThat(store.findCase(BOB, r.decision().orElseThrow().id())).isEmpty();
        assertThat(store.listTrades(BOB, Optional.empty(), 10)).isEmpty();
        assertThat(store.listCases(BOB, CaseFilter.ALL, 10)).isEmpty();
        assertThatThrownBy(() -> store.recordCase(BOB, r.trade().id(), decision(bobs.id()), POLICY, T0))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("trade");
        assertThatThrownBy(() -> store.close(BOB, r.trade().id(), closeAt("44000", T0), POLICY, T0))
                .isInstanceOf(NotFoundException.class);
        assertThat(store.linkOutcomeMemory(BOB, r.trade().id(), MemoryId.of(1))).isFalse();
        assertThat(store.findTrade(ALICE, r.trade().id())).contains(r.trade());
        assertThat(reload(dip)).isEqualTo(dip);
    }

    @Test
    void scoring_demotes_a_graduated_methodology_when_the_policy_says_so_and_only_then() {
        methodologies.graduate(ALICE, dip.id(), 0, 0, T0);
        methodologies.graduate(ALICE, trend.id(), 0, 0, T0);
        LearningPolicy strict = POLICY.withDemotionBar(0.40, 1);
        TradeStore.Recorded a = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), strict, T0);
        TradeStore.Recorded b = store.record(openBtc(ALICE, T0), Optional.of(decision(trend.id())), strict, T0);

        TradeStore.Closed demoting = store.close(ALICE, a.trade().id(), closeAt("30000", T0), strict, T0);
        store.close(ALICE, b.trade().id(), closeAt("30000", T0), strict.withDemotion(false), T0);

        assertThat(demoting.changes()).singleElement().satisfies(ch -> assertThat(ch.demoted()).isTrue());
        assertThat(reload(dip).quarantined()).isTrue();
        assertThat(reload(trend).quarantined()).as("demotion off").isFalse();
    }

    @Test
    void trades_list_newest_first_and_filter_by_asset_and_cases_filter_by_trade_methodology_and_outcome() {
        TradeStore.Recorded first = store.record(openBtc(ALICE, T0), Optional.of(decision(dip.id())), POLICY, T0);
        TradeStore.Recorded second = store.record(openBtc(ALICE, T0.plusSeconds(10)),
                Optional.of(decision(trend.id())), POLICY, T0);
        NewTrade eth = new NewTrade(ALICE, AssetSymbol.parse("asset", "ETH"), AssetClass.CRYPTO_MAJOR, TradeSide.SHORT,
                BigDecimal.ONE, new BigDecimal("3000"), T0.plusSeconds(5), Optional.empty());
        TradeStore.Recorded third = store.record(eth, Optional.empty(), POLICY, T0);
        store.close(ALICE, first.trade().id(), closeAt("44000", T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));

        assertThat(store.listTrades(ALICE, Optional.empty(), 10)).extracting(Trade::id)
                .containsExactly(second.trade().id(), third.trade().id(), first.trade().id());
        assertThat(store.listTrades(ALICE, Optional.of(AssetSymbol.parse("asset", "$btc")), 10)).extracting(Trade::id)
                .containsExactly(second.trade().id(), first.trade().id());
        assertThat(store.listCases(ALICE, CaseFilter.ofTrade(first.trade().id()), 10)).hasSize(1);
        assertThat(store.listCases(ALICE, new CaseFilter(Optional.empty(), Optional.of(trend.id()), Optional.empty()),
                10)).extracting(MethodologyCase::id).containsExactly(second.decision().orElseThrow().id());
        assertThat(store.listCases(ALICE, CaseFilter.withOutcome(CaseOutcome.WIN), 10))
                .extracting(MethodologyCase::id).containsExactly(first.decision().orElseThrow().id());
        assertThat(store.listCases(ALICE, CaseFilter.ALL, 10)).extracting(MethodologyCase::id)
                .containsExactly(second.decision().orElseThrow().id(), first.decision().orElseThrow().id());
        assertThat(store.tenantsWithCases(CaseOutcome.WIN)).containsExactly(ALICE);
        assertThat(store.tenantsWithCases(CaseOutcome.LOSS)).isEmpty();
    }

    @Test
    void tenants_with_trades_are_named_once_each_in_order() {
        assertThat(store.tenantsWithTrades()).isEmpty();
        store.record(openBtc(BOB, T0), Optional.empty(), POLICY, T0);
        store.record(openBtc(ALICE, T0), Optional.empty(), POLICY, T0);
        store.record(openBtc(BOB, T0), Optional.empty(), POLICY, T0);

        assertThat(store.tenantsWithTrades()).containsExactly(ALICE, BOB);
    }

    @Test
    void a_trade_keeps_its_exact_amounts_and_its_outcome_memory() {
        NewTrade t = new NewTrade(ALICE, AssetSymbol.parse("asset", "EUR/USD"), AssetClass.FOREX, TradeSide.SHORT,
                new BigDecimal("10000.50"), new BigDecimal("1.08765"), T0, Optional.empty());
        Trade stored = store.record(t, Optional.empty(), POLICY, T0).trade();

        assertThat(store.linkOutcomeMemory(ALICE, stored.id(), MemoryId.of(42))).isTrue();

        Trade found = store.findTrade(ALICE, stored.id()).orElseThrow();
        assertThat(found.asset().key()).isEqualTo("EURUSD");
        assertThat(found.size()).isEqualTo(new BigDecimal("10000.5"));
        assertThat(found.entryPrice()).isEqualTo(new BigDecimal("1.08765"));
        assertThat(found.outcomeMemory()).contains(MemoryId.of(42));
        assertThat(found.side()).isEqualTo(TradeSide.SHORT);
    }
}
