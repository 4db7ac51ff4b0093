package dev.strata.application.role;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.EntryStatus;
import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.ReflectionTemplate;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.SkillId;
import dev.strata.domain.role.Trigger;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static dev.strata.application.role.RoleTestRig.ALICE;
import static dev.strata.application.role.RoleTestRig.BOB;
import static org.assertj.core.api.Assertions.assertThat;

class RoleTriggersTest {

    /** An intraday role judged at once, reflected as soon as a new decision is written. */
    private static RoleDefinition reversal() {
        return new RoleDefinition(RoleId.of("trading.reversal"), "Position reversal", SkillId.of("trading.reversal"),
                List.of("flipped on noise"), new ReflectionTemplate("{decision} -> {pnl} ({type})"),
                RoleFixtures.policy(new OutcomeProbeSpec.Custom("instant"), 0, 48, Set.of(Trigger.ON_NEW_WRITE),
                        Optional.empty(), List.of()));
    }

    private final RoleTestRig rig = new RoleTestRig(RoleTestRig.registryOf(RoleFixtures.targetPrice(), reversal(),
            RoleFixtures.thesisReview()), ProbeRegistry.builder()
            .source("get_price", request -> Optional.empty())
            .probe("instant", request -> Optional.of(new dev.strata.domain.role.Outcome("flat", Optional.empty(),
                    "custom:instant", request.now()))).build());
    private final RoleTriggers triggers = new RoleTriggers(rig.registry, rig.store, rig.reflector, Runnable::run,
            ZoneOffset.UTC);

    @Test
    void on_new_write_reflects_the_roles_pending_entries_when_a_decision_is_written() {
        rig.service.addListener(triggers);

        RoleMemoryEntry entry = rig.decide("trading.reversal", "flip to short ETH", "ETH");

        assertThat(rig.reload(entry).status()).isEqualTo(EntryStatus.REFLECTED);
    }

    @Test
    void a_role_without_on_new_write_is_not_reflected_by_a_write() {
        rig.service.addListener(triggers);

        RoleMemoryEntry entry = rig.decide("research.thesis", "rates fall", "TLT");

        assertThat(rig.reload(entry).note()).isEmpty();
        assertThat(rig.model.received).isEmpty();
    }

    @Test
    void a_pushed_price_wakes_that_assets_pending_entries_of_roles_with_on_price_fetch() {
        PriceService prices = new PriceService(rig.prices, rig.audit, rig.clock, triggers::priceObserved);
        RoleMemoryEntry btc = rig.decide("analysis.valuation.target_price", "target 120", "BTC");
        RoleMemoryEntry eth = rig.decide("analysis.valuation.target_price", "target 5000", "ETH");
        prices.push(ALICE, List.of(new PricePoint(Asset.of("BTC"), new BigDecimal("100"), rig.clock.instant(), "agent"),
                new PricePoint(Asset.of("ETH"), new BigDecimal("3000"), rig.clock.instant(), "agent")));
        rig.clock.advance(Duration.ofHours(168));

        prices.push(ALICE, List.of(new PricePoint(Asset.of("BTC"), new BigDecimal("92"), rig.clock.instant(), "agent")));

        assertThat(rig.reload(btc).status()).isEqualTo(EntryStatus.REFLECTED);
        assertThat(rig.reload(btc).outcome().orElseThrow().summary()).startsWith("BTC 100 -> 92 (-8.00%)");
        assertThat(rig.reload(eth).isPending()).isTrue();
        assertThat(triggers.priceObserved(BOB, Asset.of("BTC"))).isEmpty();
    }

    @Test
    void a_price_a_feed_fetched_wakes_the_asset_too() {
        RoleMemoryEntry btc = rig.decide("analysis.valuation.target_price", "target 120", "BTC");

        triggers.priceFetched(ALICE, new PricePoint(Asset.of("BTC"), BigDecimal.TEN, rig.clock.instant(), "endpoint"));

        assertThat(rig.reload(btc).note()).isEmpty(); // woken, but not due yet: left alone
        assertThat(triggers.priceObserved(ALICE, Asset.of("BTC"))).extracting(RoleTriggers.Started::role)
                .containsExactly(RoleId.of("analysis.valuation.target_price"));
    }

    @Test
    void cron_reflects_a_role_when_its_expression_fires_for_every_tenant_with_pending_entries() {
        rig.decide("analysis.valuation.target_price", "target 120", "BTC");
        rig.service.record(new RecordDecision(BOB, "analysis.valuation.target_price", dev.strata.domain.role.RoleInputs.EMPTY,
                "target 90", Optional.of("BTC")), Actor.UNKNOWN);

        assertThat(triggers.cronTick(Instant.parse("2026-03-03T05:59:30Z"))).isEmpty();
        assertThat(triggers.cronTick(Instant.parse("2026-03-03T06:00:02Z"))).extracting(RoleTriggers.Started::tenant)
                .containsExactly(ALICE, BOB);
        assertThat(triggers.cronTick(Instant.parse("2026-03-03T06:00:40Z"))).isEmpty();
        assertThat(triggers.cronTick(Instant.parse("2026-03-03T06:01:00Z"))).isEmpty();
    }

    @Test
    void a_late_tick_still_fires_a_missed_cron_minute_once() {
        rig.decide("analysis.valuation.target_price", "target 120", "BTC");
        triggers.cronTick(Instant.parse("2026-03-03T05:58:00Z"));

        assertThat(triggers.cronTick(Instant.parse("2026-03-03T06:03:00Z"))).hasSize(1);
        assertThat(triggers.cronTick(Instant.parse("2026-03-03T06:04:00Z"))).isEmpty();
    }

    @Test
    void cron_reads_the_expression_in_the_configured_zone() {
        RoleTriggers tokyo = new RoleTriggers(rig.registry, rig.store, rig.reflector, Runnable::run, ZoneId.of("Asia/Tokyo"));
        rig.decide("analysis.valuation.target_price", "target 120", "BTC");

        assertThat(tokyo.cronTick(Instant.parse("2026-03-02T21:00:00Z"))).hasSize(1);
    }

    @Test
    void reflect_pending_runs_every_role_for_every_tenant_with_pending_entries_now() {
        RoleMemoryEntry alices = rig.decide("trading.reversal", "flip to short ETH", "ETH");
        RoleMemoryEntry bobs = rig.service.record(new RecordDecision(BOB, "trading.reversal",
                dev.strata.domain.role.RoleInputs.EMPTY, "flip to long ETH", Optional.of("ETH")), Actor.UNKNOWN);

        List<ReflectionReport> reports = triggers.reflectPending();

        assertThat(reports).extracting(ReflectionReport::tenant).containsExactly(ALICE, BOB);
        assertThat(rig.reload(alices).status()).isEqualTo(EntryStatus.REFLECTED);
        assertThat(rig.reload(bobs).status()).isEqualTo(EntryStatus.REFLECTED);
        assertThat(triggers.reflectPending()).isEmpty();
    }
}
