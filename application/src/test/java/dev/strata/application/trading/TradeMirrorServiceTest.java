package dev.strata.application.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.Fills;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.InMemorySpotActivityStore;
import dev.strata.domain.trading.InMemorySyncStateStore;
import dev.strata.domain.trading.SpotActivityInput;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TradeMirrorServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final long MS = Instant.parse("2026-11-22T10:00:00Z").toEpochMilli();

    private final InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
    private final InMemorySpotActivityStore spot = new InMemorySpotActivityStore();
    private final TradingEvents events = new TradingEvents();
    private final List<TradingEvent> published = new ArrayList<>();
    private final TradeMirrorService mirror = new TradeMirrorService(fills, spot, new InMemorySyncStateStore(), events,
            Clock.fixed(Instant.ofEpochMilli(MS), ZoneOffset.UTC), TradingLimits.defaults().withMaxBatchSize(3));

    TradeMirrorServiceTest() {
        events.addListener(published::add);
    }

    private static FillInput fill(String tid) {
        return Fills.input("sub-1", tid, MS, "ETH", "A", "Close Long", "1", "3000", "12.5");
    }

    @Test
    void pushed_fills_count_only_new_rows_and_announce_them() {
        assertThat(mirror.recordPerpsFills(ALICE, List.of(fill("1"), fill("2")))).isEqualTo(2);
        assertThat(mirror.recordPerpsFills(ALICE, List.of(fill("2"), fill("3")))).isEqualTo(1);
        assertThat(mirror.recordPerpsFills(ALICE, List.of(fill("3")))).isZero();

        assertThat(published).extracting(TradingEvent::name, TradingEvent::inserted)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("perps_fills:recorded", 2),
                        org.assertj.core.groups.Tuple.tuple("perps_fills:recorded", 1));
    }

    @Test
    void a_push_that_stored_rows_is_one_audit_entry_by_its_actor_and_a_push_of_known_rows_is_none() {
        dev.strata.domain.audit.InMemoryAuditLog audit = new dev.strata.domain.audit.InMemoryAuditLog();
        TradeMirrorService audited = new TradeMirrorService(fills, spot, new InMemorySyncStateStore(), events,
                Clock.fixed(Instant.ofEpochMilli(MS), ZoneOffset.UTC), TradingLimits.defaults().withMaxBatchSize(3),
                new dev.strata.domain.vault.CredentialScrubber(), audit);
        dev.strata.domain.memory.Actor agent = new dev.strata.domain.memory.Actor("agent-t", java.util.Optional.empty());

        audited.recordPerpsFills(ALICE, List.of(fill("1"), fill("2")), agent);
        audited.recordPerpsFills(ALICE, List.of(fill("2")), agent);

        assertThat(audit.recent(ALICE, 10)).extracting(e -> e.action() + " " + e.subject() + " " + e.detail() + " by "
                + e.actor()).containsExactly("trade_mirror.push perps_fills 2 new fills of 2 pushed by agent-t");
        assertThat(audit.recent(Tenant.of("bob"), 10)).isEmpty();
    }

    @Test
    void a_bad_element_is_named_and_nothing_of_the_batch_is_stored() {
        FillInput bad = Fills.input("sub-1", "9", MS, "ETH", "sideways", null, "1", "3000", "0");

        assertThatThrownBy(() -> mirror.recordPerpsFills(ALICE, List.of(fill("1"), bad)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("fills[1].side"));
        assertThatThrownBy(() -> mirror.recordPerpsFills(ALICE, Collections.nCopies(4, fill("1"))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("fills"));
        assertThatThrownBy(() -> mirror.recordPerpsFills(ALICE, List.of()))
                .isInstanceOf(InvalidInputException.class);
        assertThat(fills.countAfter(ALICE, 0)).isZero();
        assertThat(published).isEmpty();
    }

    @Test
    void spot_activities_dedup_by_hash_and_announce_external_spot_recorded() {
        SpotActivityInput swap = new SpotActivityInput(Optional.of("0xabc"), Optional.of(MS), Optional.of("Swap"),
                Optional.of("USDC"), Optional.of("ETH"), Optional.of("250.5"), Optional.of(new BigDecimal("250.5")),
                Optional.empty(), Optional.empty());

        assertThat(mirror.recordSpotActivities(ALICE, List.of(swap, swap))).isEqualTo(1);
        assertThat(spot.after(ALICE, 0, 5).getFirst().activity().type()).isEqualTo("swap");
        assertThat(spot.after(ALICE, 0, 5).getFirst().activity().status()).isEqualTo("completed");
        assertThat(published).extracting(TradingEvent::name).containsExactly("external_spot:recorded");
        SpotActivityInput noHash = new SpotActivityInput(Optional.empty(), Optional.of(MS), Optional.of("swap"),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        assertThatThrownBy(() -> mirror.recordSpotActivities(ALICE, List.of(noHash)))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.field()).isEqualTo("activities[0].tx_hash"));
    }

    @Test
    void a_failing_listener_never_fails_the_write() {
        events.addListener(e -> {
            throw new IllegalStateException("listener bug");
        });

        assertThat(mirror.recordPerpsFills(ALICE, List.of(fill("1")))).isEqualTo(1);
        assertThat(fills.countAfter(ALICE, 0)).isEqualTo(1);
    }
}
