package dev.strata.application.personalization.rebuild;

import dev.strata.domain.personalization.FinancialProfile;
import dev.strata.domain.personalization.ProfileEdit;
import dev.strata.domain.personalization.ReferenceWallets;
import dev.strata.domain.personalization.TradingCursors;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.trading.StoredSpotActivity;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static dev.strata.application.personalization.rebuild.Fixture.ALICE;
import static dev.strata.application.personalization.rebuild.Fixture.BOB;
import static dev.strata.application.personalization.rebuild.ScriptedModel.object;
import static dev.strata.application.personalization.rebuild.ScriptedModel.summary;
import static org.assertj.core.api.Assertions.assertThat;

class TradingSummaryRebuildTest {

    private static final UserId USER = UserId.DEFAULT;

    private final Fixture f = new Fixture();
    private final ScriptedModel model = new ScriptedModel();
    private final PersonalizationRebuilder rebuilder = f.rebuilder(model);

    private FinancialProfile profile() {
        return f.profiles.find(ALICE, USER).orElseThrow();
    }

    private void threeSources() {
        f.trade(ALICE, "BTC");
        f.fill(ALICE, "ETH");
        f.fill(ALICE, "SOL");
        f.spot(ALICE, "0xswap");
    }

    private String lastFillId() {
        List<StoredPerpsFill> all = f.fills.after(ALICE, 0, 100);
        return Long.toString(all.getLast().id());
    }

    private String lastSpotId() {
        List<StoredSpotActivity> all = f.spot.after(ALICE, 0, 100);
        return Long.toString(all.getLast().id());
    }

    @Test
    void the_summary_is_rebuilt_from_all_three_sources_and_every_cursor_moves_with_it() {
        f.profiles.edit(ALICE, USER, new ProfileEdit(Optional.empty(), Optional.of(new ReferenceWallets(
                List.of("0xwhale"))), Optional.empty(), Optional.empty(), Optional.empty()), f.clock.instant());
        threeSources();
        model.answers(summary("Trades majors weekly, mid-size.", "Swapped USDC into ETH once.",
                "Opened ETH and SOL longs.", "Follows one whale wallet that trades memes."));

        RebuildOutcome outcome = rebuilder.rebuildTradingSummary(ALICE, USER, false);

        assertThat(outcome.status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        FinancialProfile p = profile();
        assertThat(p.platformWalletSummary()).contains("Trades majors weekly, mid-size.\n"
                + "Spot: Swapped USDC into ETH once.\nPerps: Opened ETH and SOL longs.");
        assertThat(p.referenceWalletsSummary()).contains("Follows one whale wallet that trades memes.");
        assertThat(p.tradingSummaryUpdatedAt()).contains(f.clock.instant());
        String tradeId = Long.toString(f.trades.listTrades(ALICE, Optional.empty(), 1).getFirst().id().value());
        assertThat(p.tradingCursors()).isEqualTo(new TradingCursors(Optional.of(tradeId), Optional.of(lastFillId()),
                Optional.of(lastSpotId())));
        assertThat(model.lastPrompt()).contains("IN-SESSION TRADES (new):\n- ").contains("long BTC")
                .contains("PERPS FILLS (new):\n- ").contains(" ETH buy (Open Long)").contains(" SOL buy")
                .contains("SPOT ACTIVITY (new):\n- ").contains("swap USDC -> ETH")
                .contains("REFERENCE WALLETS: 0xwhale").contains("30-DAY PERPS PROFILE: 2 fills");
    }

    @Test
    void a_malformed_answer_leaves_all_three_cursors_in_place_and_the_next_run_sees_the_same_window() {
        threeSources();
        model.answers(object("platform_wallet_summary", "half an answer"));

        RebuildOutcome failed = rebuilder.rebuildTradingSummary(ALICE, USER, false);

        assertThat(failed.status()).isEqualTo(RebuildOutcome.Status.FAILED);
        assertThat(failed.detail()).contains("did not parse").contains("all three cursors stay");
        assertThat(profile().tradingCursors()).isEqualTo(TradingCursors.NONE);
        assertThat(profile().platformWalletSummary()).isEmpty();
        String firstPrompt = model.lastPrompt();

        f.clock.advance(Duration.ofMinutes(30));
        model.answers(summary("Now parseable.", "", "", ""));
        RebuildOutcome retried = rebuilder.rebuildTradingSummary(ALICE, USER, false);

        assertThat(retried.status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        assertThat(model.lastPrompt()).isEqualTo(firstPrompt);
        assertThat(profile().platformWalletSummary()).contains("Now parseable.");
        assertThat(profile().tradingCursors().lastPerpsFillIdSeen()).contains(lastFillId());
    }

    @Test
    void an_answer_without_any_summary_counts_as_unparseable() {
        threeSources();
        model.answers(summary("  ", "", "", ""));

        assertThat(rebuilder.rebuildTradingSummary(ALICE, USER, false).status()).isEqualTo(RebuildOutcome.Status.FAILED);
        assertThat(profile().tradingCursors()).isEqualTo(TradingCursors.NONE);
    }

    @Test
    void below_the_threshold_nothing_is_asked_and_no_cooldown_is_spent() {
        f.fill(ALICE, "BTC");
        f.spot(ALICE, "0x1");
        PersonalizationRebuilder gated = f.rebuilder(model, RebuildPolicy.defaults().withTradingSummaryThreshold(3));

        RebuildOutcome skipped = gated.rebuildTradingSummary(ALICE, USER, false);

        assertThat(skipped.detail()).contains("2 new items").contains("threshold of 3");
        assertThat(model.received).isEmpty();
        f.trade(ALICE, "ETH");
        model.answers(summary("Three now.", "", "", ""));
        assertThat(gated.rebuildTradingSummary(ALICE, USER, false).status()).isEqualTo(RebuildOutcome.Status.REBUILT);
    }

    @Test
    void a_source_with_more_new_rows_than_one_run_takes_moves_its_cursor_only_past_those_read() {
        for (int i = 0; i < 3; i++) {
            f.fill(ALICE, "BTC");
        }
        PersonalizationRebuilder small = f.rebuilder(model, RebuildPolicy.defaults().withMaxSourceItems(2));
        model.answers(summary("First two.", "", "", ""));

        small.rebuildTradingSummary(ALICE, USER, false);

        long second = f.fills.after(ALICE, 0, 2).getLast().id();
        assertThat(profile().tradingCursors().lastPerpsFillIdSeen()).contains(Long.toString(second));
        f.clock.advance(Duration.ofMinutes(30));
        model.answers(summary("The third.", "", "", ""));
        small.rebuildTradingSummary(ALICE, USER, false);
        assertThat(model.lastPrompt()).contains("PERPS FILLS (new):\n- ").containsOnlyOnce(" BTC buy");
        assertThat(profile().tradingCursors().lastPerpsFillIdSeen()).contains(lastFillId());
    }

    @Test
    void the_cooldown_holds_thirty_minutes_and_a_forced_refresh_bypasses_it() {
        f.fill(ALICE, "BTC");
        model.answers(summary("One.", "", "", ""));
        rebuilder.rebuildTradingSummary(ALICE, USER, false);
        f.fill(ALICE, "ETH");
        f.clock.advance(Duration.ofMinutes(29));

        assertThat(rebuilder.rebuildTradingSummary(ALICE, USER, false).detail()).startsWith("cooling down until");
        model.answers(summary("Two.", "", "", ""));
        assertThat(rebuilder.rebuildTradingSummary(ALICE, USER, true).status()).isEqualTo(RebuildOutcome.Status.REBUILT);
        assertThat(profile().platformWalletSummary()).contains("Two.");
    }

    @Test
    void without_reference_wallets_there_is_no_reference_summary_and_empty_breakdowns_leave_no_prefix() {
        f.fill(ALICE, "BTC");
        model.answers(summary("Perps only.", "", "", "Made-up wallets."));

        rebuilder.rebuildTradingSummary(ALICE, USER, false);

        assertThat(profile().platformWalletSummary()).contains("Perps only.");
        assertThat(profile().referenceWalletsSummary()).isEmpty();
    }

    @Test
    void another_tenants_activity_is_neither_read_nor_counted() {
        f.fill(BOB, "DOGE");
        f.spot(BOB, "0xbob");

        assertThat(rebuilder.rebuildTradingSummary(ALICE, USER, false).detail()).contains("0 new items");
        f.fill(ALICE, "BTC");
        model.answers(summary("Alice.", "", "", ""));
        rebuilder.rebuildTradingSummary(ALICE, USER, false);
        assertThat(model.lastPrompt()).doesNotContain("DOGE").doesNotContain("0xbob");
    }
}
