package dev.strata.application.trading;

import dev.strata.domain.MutableClock;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.Fills;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.InMemorySpotActivityStore;
import dev.strata.domain.trading.InMemorySyncStateStore;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.SubAccountId;
import dev.strata.domain.trading.SyncKey;
import dev.strata.domain.trading.SyncState;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

import static org.assertj.core.api.Assertions.assertThat;

class HistorySyncServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final long MS = T0.toEpochMilli();

    private final MutableClock clock = new MutableClock(T0);
    private final InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
    private final InMemorySpotActivityStore spot = new InMemorySpotActivityStore();
    private final InMemorySyncStateStore states = new InMemorySyncStateStore();
    private final TradingEvents events = new TradingEvents();
    private final List<TradingEvent> published = new ArrayList<>();
    private final TradeMirrorService mirror = new TradeMirrorService(fills, spot, states, events, clock,
            TradingLimits.defaults());
    private final ScriptedHistorySource source = new ScriptedHistorySource();
    private final List<Runnable> queued = new ArrayList<>();
    private final Executor background = queued::add;
    private final HistorySyncService sync = new HistorySyncService(source, states, mirror, clock,
            HistorySyncSettings.defaults().withTenants(List.of(ALICE)), background);

    HistorySyncServiceTest() {
        events.addListener(published::add);
    }

    private void serve(String sub, int count, long startMs) {
        List<dev.strata.domain.trading.FillInput> list = new ArrayList<>(source.fills.getOrDefault(sub, List.of()));
        for (int i = 0; i < count; i++) {
            String tid = sub + "-" + (list.size() + 1);
            list.add(Fills.input(null, tid, startMs + list.size() * 1000L, "BTC", "B", "Open Long", "0.1", "60000", "0"));
        }
        source.fills.put(sub, list);
        if (!source.subAccounts.contains(sub)) {
            source.subAccounts.add(sub);
        }
    }

    private static SpotActivityInput spot(String hash, long ms) {
        return new SpotActivityInput(Optional.of(hash), Optional.of(ms), Optional.of("swap"), Optional.of("USDC"),
                Optional.of("ETH"), Optional.of("100"), Optional.of(new BigDecimal("100")), Optional.of("completed"),
                Optional.empty());
    }

    @Test
    void fills_arrive_through_every_page_and_the_watermark_moves_to_the_newest() {
        serve("sub-a", 5, MS);
        source.spot.add(spot("0x1", MS));

        SyncReport report = sync.runOnce(ALICE);

        assertThat(report.inserted()).isEqualTo(6);
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(5);
        SyncReport.KeyReport subA = report.keys().getFirst();
        assertThat(subA.key()).isEqualTo(SyncKey.perps(SubAccountId.of("sub-a")));
        assertThat(subA.pages()).isEqualTo(3);
        assertThat(subA.status()).isEqualTo(SyncReport.Status.SYNCED);
        assertThat(states.find(ALICE, subA.key()).orElseThrow().watermark()).contains(Instant.ofEpochMilli(MS + 4000));
        assertThat(source.fetches).extracting(ScriptedHistorySource.Fetch::cursor)
                .startsWith(Optional.empty(), Optional.of("2"), Optional.of("4"));
        assertThat(published).extracting(TradingEvent::name).contains("perps_fills:recorded", "external_spot:recorded");
    }

    @Test
    void the_next_sync_starts_at_the_watermark_and_duplicates_are_ignored() {
        serve("sub-a", 3, MS);
        sync.runOnce(ALICE);
        serve("sub-a", 2, MS);
        source.fetches.clear();
        published.clear();
        clock.advance(Duration.ofMinutes(10));

        SyncReport again = sync.runOnce(ALICE);

        assertThat(source.fetches.getFirst().since()).contains(Instant.ofEpochMilli(MS + 2000));
        SyncReport.KeyReport subA = again.keys().getFirst();
        assertThat(subA.fetched()).isEqualTo(3);
        assertThat(subA.inserted()).isEqualTo(2);
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(5);
        assertThat(published).extracting(TradingEvent::inserted).containsExactly(1, 1);
    }

    @Test
    void a_sub_account_failing_five_times_is_skipped_then_probed_after_the_cooldown_and_a_success_resets_it() {
        serve("sub-a", 1, MS);
        serve("sub-b", 1, MS);
        source.down.add("sub-b");
        SyncKey b = SyncKey.perps(SubAccountId.of("sub-b"));
        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofMinutes(6));
            assertThat(sync.runIfStale()).hasSize(1);
        }
        assertThat(states.find(ALICE, b).orElseThrow().consecutiveFailures()).isEqualTo(5);
        assertThat(source.fetchesOf("fills/sub-b")).isEqualTo(5);
        Instant lastFailure = states.find(ALICE, b).orElseThrow().lastSyncedAt();

        clock.advance(Duration.ofMinutes(6));
        SyncReport skipped = sync.runIfStale().getFirst();
        assertThat(skipped.keys()).filteredOn(k -> k.key().equals(b)).extracting(SyncReport.KeyReport::status)
                .containsExactly(SyncReport.Status.SKIPPED);
        assertThat(source.fetchesOf("fills/sub-b")).isEqualTo(5);
        assertThat(source.fetchesOf("fills/sub-a")).isEqualTo(6);
        assertThat(sync.status(ALICE).keys()).filteredOn(k -> k.state().key().equals(b))
                .extracting(SyncStatus.KeyState::skipped).containsExactly(true);

        clock.set(lastFailure.plus(Duration.ofMinutes(30)));
        source.down.clear();
        SyncReport probed = sync.runIfStale().getFirst();

        assertThat(probed.keys()).filteredOn(k -> k.key().equals(b)).extracting(SyncReport.KeyReport::status)
                .containsExactly(SyncReport.Status.SYNCED);
        SyncState healed = states.find(ALICE, b).orElseThrow();
        assertThat(healed.consecutiveFailures()).isZero();
        assertThat(healed.lastError()).isEmpty();
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(2);
    }

    @Test
    void one_sub_account_failing_never_moves_another_ones_cursor_or_the_spot_cursor() {
        serve("sub-a", 2, MS);
        serve("sub-b", 2, MS);
        source.spot.add(spot("0x1", MS + 500));
        source.down.add("sub-b");

        SyncReport report = sync.runOnce(ALICE);

        assertThat(report.keys()).extracting(SyncReport.KeyReport::status).containsExactly(SyncReport.Status.SYNCED,
                SyncReport.Status.FAILED, SyncReport.Status.SYNCED);
        assertThat(states.find(ALICE, SyncKey.perps(SubAccountId.of("sub-a"))).orElseThrow().watermark())
                .contains(Instant.ofEpochMilli(MS + 1000));
        SyncState failed = states.find(ALICE, SyncKey.perps(SubAccountId.of("sub-b"))).orElseThrow();
        assertThat(failed.watermark()).isEmpty();
        assertThat(failed.lastError()).contains("history source answered HTTP 502 for sub-b");
        assertThat(states.find(ALICE, SyncKey.spot()).orElseThrow().watermark()).contains(Instant.ofEpochMilli(MS + 500));
    }

    @Test
    void a_page_failing_midway_keeps_what_arrived_but_not_the_watermark() {
        serve("sub-a", 4, MS);
        source.followingPagesFail = true;

        SyncReport report = sync.runOnce(ALICE);

        assertThat(report.keys().getFirst().status()).isEqualTo(SyncReport.Status.FAILED);
        assertThat(report.keys().getFirst().inserted()).isEqualTo(2);
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(2);
        assertThat(states.find(ALICE, SyncKey.perps(SubAccountId.of("sub-a"))).orElseThrow().watermark()).isEmpty();
    }

    @Test
    void trade_events_are_throttled_to_one_background_run_per_five_minutes() {
        serve("sub-a", 1, MS);

        assertThat(sync.scheduleSync(ALICE)).isTrue();
        assertThat(sync.scheduleSync(ALICE)).isFalse();
        clock.advance(Duration.ofMinutes(4));
        assertThat(sync.scheduleSync(ALICE)).isFalse();
        assertThat(queued).hasSize(1);
        assertThat(fills.countAfter(ALICE, 0)).isZero();
        queued.getFirst().run();
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(1);

        clock.advance(Duration.ofMinutes(1));
        assertThat(sync.scheduleSync(ALICE)).isTrue();
        assertThat(sync.scheduleSync(BOB)).isTrue();
        assertThat(queued).hasSize(3);
    }

    @Test
    void the_tick_skips_a_tenant_run_within_the_interval_but_a_forced_refresh_never_waits_for_it() {
        serve("sub-a", 1, MS);
        sync.scheduleSync(ALICE);
        clock.advance(Duration.ofMinutes(2));

        assertThat(sync.runIfStale()).isEmpty();
        assertThat(sync.runOnce(ALICE).ran()).isTrue();
        assertThat(source.fetchesOf("fills/sub-a")).isEqualTo(1);
    }

    @Test
    void a_forced_refresh_probes_a_skipped_key() {
        serve("sub-a", 1, MS);
        source.down.add("sub-a");
        for (int i = 0; i < 5; i++) {
            sync.runOnce(ALICE);
        }
        source.down.clear();

        SyncReport forced = sync.runOnce(ALICE);

        assertThat(forced.keys().getFirst().status()).isEqualTo(SyncReport.Status.SYNCED);
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(1);
    }

    @Test
    void the_tick_covers_configured_tenants_and_every_tenant_synced_before() {
        serve("sub-a", 1, MS);
        sync.runOnce(BOB);
        clock.advance(Duration.ofMinutes(6));
        source.fetches.clear();

        assertThat(sync.runIfStale()).extracting(SyncReport::tenant).containsExactly(ALICE, BOB);
    }

    @Test
    void rows_the_source_sends_broken_are_counted_and_left_out_without_blocking_the_key() {
        source.subAccounts.add("sub-a");
        source.fills.put("sub-a", List.of(
                Fills.input(null, "1", MS, "BTC", "B", "Open Long", "0.1", "60000", "0"),
                Fills.input(null, "2", MS + 1, "BTC; DROP TABLE", "B", "Open Long", "0.1", "60000", "0"),
                Fills.input(null, "3", MS + 2, "BTC", "B", "Open Long", "-4", "60000", "0")));

        SyncReport.KeyReport key = sync.runOnce(ALICE).keys().getFirst();

        assertThat(key.status()).isEqualTo(SyncReport.Status.SYNCED);
        assertThat(key.rejected()).isEqualTo(2);
        assertThat(key.inserted()).isEqualTo(1);
    }

    @Test
    void when_the_sub_account_list_fails_the_known_sub_accounts_still_sync() {
        serve("sub-a", 1, MS);
        sync.runOnce(ALICE);
        serve("sub-a", 1, MS);
        source.listingDown = true;
        clock.advance(Duration.ofMinutes(10));

        SyncReport report = sync.runOnce(ALICE);

        assertThat(report.note()).hasValueSatisfying(n -> assertThat(n).contains("could not list the sub-accounts"));
        assertThat(report.keys().getFirst().inserted()).isEqualTo(1);
    }

    @Test
    void a_run_stops_after_max_pages_and_the_next_one_continues_from_the_watermark() {
        serve("sub-a", 7, MS);
        HistorySyncService capped = new HistorySyncService(source, states, mirror, clock,
                HistorySyncSettings.defaults().withMaxPages(2), background);

        SyncReport first = capped.runOnce(ALICE);
        assertThat(first.keys().getFirst().inserted()).isEqualTo(4);
        SyncReport second = capped.runOnce(ALICE);

        assertThat(second.keys().getFirst().inserted()).isEqualTo(3);
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(7);
    }

    @Test
    void without_a_source_nothing_runs_and_the_report_says_so() {
        HistorySyncService none = new HistorySyncService(new NoTradeHistorySource(), states, mirror, clock,
                HistorySyncSettings.defaults(), background);

        assertThat(none.runOnce(ALICE).note()).contains("no trade history source is configured");
        assertThat(none.scheduleSync(ALICE)).isFalse();
        assertThat(none.runIfStale()).isEmpty();
        assertThat(queued).isEmpty();
    }
}
