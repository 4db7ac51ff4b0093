package dev.strata.application.personalization.rebuild;

import dev.strata.application.trading.TradingEvent;
import dev.strata.domain.memory.Category;
import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static dev.strata.application.personalization.rebuild.Fixture.ADA;
import static dev.strata.application.personalization.rebuild.Fixture.ALICE;
import static dev.strata.application.personalization.rebuild.ScriptedModel.facts;
import static dev.strata.application.personalization.rebuild.ScriptedModel.summary;
import static org.assertj.core.api.Assertions.assertThat;

class RebuildTriggersTest {

    private final Fixture f = new Fixture();
    private final ScriptedModel model = new ScriptedModel();
    private final PersonalizationRebuilder rebuilder = f.rebuilder(model);

    @Test
    void new_perps_fills_rebuild_the_summary_and_nudge_the_markets_in_the_background() {
        f.fill(ALICE, "BTC");
        model.answers(summary("Trades BTC perps.", "", "", ""));

        rebuilder.onTradingEvent(new TradingEvent.PerpsFillsRecorded(ALICE, 1));

        assertThat(model.received).isEmpty();
        assertThat(f.background).hasSize(1);
        f.background.getFirst().run();
        assertThat(f.profiles.find(ALICE, UserId.DEFAULT).flatMap(FinancialProfile::platformWalletSummary))
                .contains("Trades BTC perps.");
        assertThat(f.tags.find(ALICE, UserId.DEFAULT, TagDimension.MARKETS)).isPresent();
    }

    @Test
    void with_rebuilding_switched_off_events_schedule_nothing() {
        f.rebuilder(model, RebuildPolicy.defaults().withEnabled(false))
                .onTradingEvent(new TradingEvent.ExternalSpotRecorded(ALICE, 1));

        assertThat(f.background).isEmpty();
    }

    @Test
    void the_sweep_runs_each_flow_for_everyone_it_may_be_due_for_and_lets_cooldowns_decide() {
        f.said(ALICE, ADA, "I like ETH");
        f.said(ALICE, UserId.of("eve"), "I like SOL");
        model.answers(facts("The user likes ETH.")).answers(facts("The user likes SOL."))
                .answers(ScriptedModel.object("tags", ScriptedModel.array()))
                .answers(ScriptedModel.object("tags", ScriptedModel.array()));
        RebuildSweep sweep = new RebuildSweep(rebuilder, f.ports, f.clock);

        RebuildSweep.Report first = sweep.sweep();
        RebuildSweep.Report second = sweep.sweep();

        assertThat(first.memories()).containsEntry(RebuildOutcome.Status.REBUILT, 2);
        assertThat(second.memories()).containsEntry(RebuildOutcome.Status.SKIPPED, 2);
        assertThat(f.memoryStore.list(ALICE, Optional.of(Category.PERSONALIZATION), 10)).hasSize(2);
        assertThat(first.tags()).containsEntry(RebuildOutcome.Status.REBUILT, 2);
        assertThat(first.tradingSummary()).containsEntry(RebuildOutcome.Status.SKIPPED, 2);
        assertThat(second.tags()).isEmpty();
        assertThat(model.received).hasSize(4);
    }

    @Test
    void the_markets_sweep_covers_tenants_holding_fills_without_a_profile_row() {
        f.fill(ALICE, "SOL");

        assertThat(new RebuildSweep(rebuilder, f.ports, f.clock).sweepMarkets()).isEqualTo(1);
        assertThat(f.tags.find(ALICE, UserId.DEFAULT, TagDimension.MARKETS).orElseThrow().value().values())
                .containsExactly("crypto_alts");
    }
}
