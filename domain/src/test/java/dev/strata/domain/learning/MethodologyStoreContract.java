package dev.strata.domain.learning;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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

/**
 * What every {@link MethodologyStore} promises, run against the in-memory fake and SQLite alike.
 * Counts only move through the trade store, so subclasses provide both over one backing.
 */
public abstract class MethodologyStoreContract {

    protected MethodologyStore store;
    protected TradeStore trades;

    /** A fresh, empty pair of stores sharing one backing. */
    protected abstract Stores createStores();

    public record Stores(MethodologyStore methodologies, TradeStore trades) {
    }

    @BeforeEach
    void freshStores() {
        Stores s = createStores();
        store = s.methodologies();
        trades = s.trades();
    }

    private Methodology scoreOnce(Methodology m, String exit) {
        TradeStore.Recorded r = trades.record(openBtc(m.tenant(), T0), Optional.of(decision(m.id())), POLICY, T0);
        trades.close(m.tenant(), r.trade().id(), closeAt(exit, T0.plusSeconds(60)), POLICY, T0.plusSeconds(60));
        return store.find(m.tenant(), m.id()).orElseThrow();
    }

    @Test
    void a_new_methodology_lands_quarantined_at_the_initial_confidence_with_no_uses() {
        MethodologyStore.Created created = store.create(methodology(ALICE, "Buy the dip"), 0.5, T0);

        Methodology m = created.methodology();
        assertThat(created.inserted()).isTrue();
        assertThat(store.find(ALICE, m.id())).contains(m);
        assertThat(m.quarantined()).isTrue();
        assertThat(m.confidence()).isEqualTo(0.5);
        assertThat(m.successes()).isZero();
        assertThat(m.uses()).isZero();
        assertThat(m.provenance()).isEqualTo(Provenance.MANUAL);
        assertThat(m.createdAt()).isEqualTo(T0);
        assertThat(m.updatedAt()).isEqualTo(T0);
    }

    @Test
    void a_restated_methodology_matches_the_existing_row_and_inherits_its_stats() {
        Methodology first = store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology();
        Methodology scored = scoreOnce(first, "44000");

        NewMethodology again = new NewMethodology(ALICE, AssetClass.CRYPTO_MAJOR, "  BUY the   dip. ",
                "buy btc after a 20% drawdown from the 30-day high; scale in over three days",
                Provenance.SEED);
        MethodologyStore.Created created = store.create(again, 0.5, T0.plusSeconds(600));

        assertThat(created.inserted()).isFalse();
        assertThat(created.methodology()).isEqualTo(scored);
        assertThat(created.methodology().uses()).isEqualTo(1);
        assertThat(store.list(ALICE, MethodologyFilter.ALL, 10)).hasSize(1);
    }

    @Test
    void restore_stores_the_exported_counts_and_state_and_a_dedup_match_keeps_the_existing_row() {
        MethodologyStore.Created restored = store.restore(methodology(ALICE, "Buy the dip"),
                new MethodologyStore.Stats(22, 30, 0.556, false), T0);

        Methodology m = restored.methodology();
        assertThat(restored.inserted()).isTrue();
        assertThat(store.find(ALICE, m.id())).contains(m);
        assertThat(m.successes()).isEqualTo(22);
        assertThat(m.uses()).isEqualTo(30);
        assertThat(m.confidence()).isEqualTo(0.556);
        assertThat(m.quarantined()).isFalse();

        MethodologyStore.Created again = store.restore(methodology(ALICE, "Buy the dip"),
                new MethodologyStore.Stats(0, 1, 0.1, true), T0.plusSeconds(5));
        assertThat(again.inserted()).isFalse();
        assertThat(again.methodology()).isEqualTo(m);
    }

    @Test
    void dedup_stays_within_one_tenant_and_one_asset_class() {
        Methodology alice = store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology();
        MethodologyStore.Created bob = store.create(methodology(BOB, "Buy the dip"), 0.5, T0);
        NewMethodology asPerps = new NewMethodology(ALICE, AssetClass.PERPS, alice.title(), alice.body(),
                Provenance.MANUAL);
        MethodologyStore.Created perps = store.create(asPerps, 0.5, T0);

        assertThat(bob.inserted()).isTrue();
        assertThat(perps.inserted()).isTrue();
        assertThat(List.of(alice.id(), bob.methodology().id(), perps.methodology().id())).doesNotHaveDuplicates();
    }

    @Test
    void create_all_returns_results_in_input_order_and_dedups_within_the_batch() {
        List<MethodologyStore.Created> created = store.createAll(List.of(methodology(ALICE, "One"),
                methodology(ALICE, "Two"), methodology(ALICE, "one.")), 0.5, T0);

        assertThat(created).extracting(MethodologyStore.Created::inserted).containsExactly(true, true, false);
        assertThat(created.get(2).methodology().id()).isEqualTo(created.get(0).methodology().id());
        assertThat(created.get(1).methodology().title()).isEqualTo("Two");
    }

    @Test
    void another_tenant_can_neither_see_nor_change_a_methodology() {
        Methodology m = store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology();

        assertThat(store.find(BOB, m.id())).isEmpty();
        assertThat(store.list(BOB, MethodologyFilter.ALL, 10)).isEmpty();
        assertThat(store.graduate(BOB, m.id(), 0, 0, T0)).isEmpty();
        assertThat(store.quarantine(BOB, m.id(), T0)).isEmpty();
        assertThat(store.rescore(BOB, m.id(), POLICY, T0)).isEmpty();
        assertThat(store.find(ALICE, m.id())).contains(m);
        assertThat(store.tenants()).containsExactly(ALICE);
    }

    @Test
    void graduate_lowers_quarantine_only_while_the_checked_counts_still_hold() {
        Methodology m = scoreOnce(store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology(), "44000");

        assertThat(store.graduate(ALICE, m.id(), 0, 0, T0.plusSeconds(120))).as("counts moved since the check")
                .isEmpty();
        assertThat(store.find(ALICE, m.id()).orElseThrow().quarantined()).isTrue();

        Methodology graduated = store.graduate(ALICE, m.id(), 1, 1, T0.plusSeconds(120)).orElseThrow();
        assertThat(graduated.quarantined()).isFalse();
        assertThat(graduated.updatedAt()).isEqualTo(T0.plusSeconds(120));
        assertThat(store.find(ALICE, m.id())).contains(graduated);
        assertThat(store.graduate(ALICE, m.id(), 1, 1, T0.plusSeconds(180))).contains(graduated);
    }

    @Test
    void quarantine_raises_the_flag_and_is_idempotent() {
        Methodology m = store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology();
        Methodology graduated = store.graduate(ALICE, m.id(), 0, 0, T0).orElseThrow();

        Methodology q = store.quarantine(ALICE, m.id(), T0.plusSeconds(5)).orElseThrow();
        assertThat(graduated.quarantined()).isFalse();
        assertThat(q.quarantined()).isTrue();
        assertThat(store.quarantine(ALICE, m.id(), T0.plusSeconds(9))).contains(q);
    }

    @Test
    void listing_filters_by_asset_class_and_state_highest_confidence_first() {
        Methodology untested = store.create(methodology(ALICE, "Untested"), 0.5, T0).methodology();
        Methodology loser = scoreOnce(store.create(methodology(ALICE, "Loser"), 0.5, T0).methodology(), "30000");
        Methodology perps = store.create(new NewMethodology(ALICE, AssetClass.PERPS, "Fade funding", "Short when "
                + "funding is extreme.", Provenance.SEED), 0.5, T0).methodology();
        store.graduate(ALICE, perps.id(), 0, 0, T0);

        assertThat(store.list(ALICE, MethodologyFilter.ALL, 10)).extracting(Methodology::title)
                .containsExactly("Fade funding", "Untested", "Loser");
        assertThat(loser.confidence()).isLessThan(untested.confidence());
        assertThat(store.list(ALICE, new MethodologyFilter(Optional.of(AssetClass.CRYPTO_MAJOR), Optional.empty()), 10))
                .extracting(Methodology::id).containsExactly(untested.id(), loser.id());
        assertThat(store.list(ALICE, MethodologyFilter.graduated(), 10)).extracting(Methodology::id)
                .containsExactly(perps.id());
        assertThat(store.list(ALICE, MethodologyFilter.ALL, 1)).hasSize(1);
    }

    @Test
    void rescore_recomputes_confidence_under_a_new_z_and_never_lowers_quarantine() {
        Methodology m = scoreOnce(store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology(), "44000");

        MethodologyChange change = store.rescore(ALICE, m.id(), POLICY.withZ(0), T0.plusSeconds(300)).orElseThrow();

        assertThat(change.before()).isEqualTo(m);
        assertThat(change.after().confidence()).isEqualTo(1.0);
        assertThat(change.after().quarantined()).isTrue();
        assertThat(store.find(ALICE, m.id())).contains(change.after());
        MethodologyChange again = store.rescore(ALICE, m.id(), POLICY.withZ(0), T0.plusSeconds(400)).orElseThrow();
        assertThat(again.changed()).isFalse();
    }

    @Test
    void rescore_demotes_a_graduated_methodology_that_fell_below_the_bar() {
        Methodology m = scoreOnce(store.create(methodology(ALICE, "Buy the dip"), 0.5, T0).methodology(), "30000");
        store.graduate(ALICE, m.id(), 0, 1, T0);
        LearningPolicy strict = POLICY.withDemotionBar(0.40, 1);

        MethodologyChange change = store.rescore(ALICE, m.id(), strict, T0.plusSeconds(300)).orElseThrow();

        assertThat(change.demoted()).isTrue();
        assertThat(store.find(ALICE, m.id()).orElseThrow().quarantined()).isTrue();
    }
}
