package dev.strata.application.role;

import dev.strata.domain.MutableClock;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.InMemoryPricePointStore;
import dev.strata.domain.role.PricePoint;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PriceServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");

    private final InMemoryPricePointStore store = new InMemoryPricePointStore();
    private final List<Asset> announced = new ArrayList<>();
    private final dev.strata.domain.audit.InMemoryAuditLog audit = new dev.strata.domain.audit.InMemoryAuditLog();
    private final PriceService prices = new PriceService(store, audit, new MutableClock(NOW), (t, a) -> announced.add(a));

    private static PricePoint point(String asset, Instant at) {
        return new PricePoint(Asset.of(asset), BigDecimal.ONE, at, "agent");
    }

    @Test
    void pushed_points_are_stored_and_each_asset_is_announced_once() {
        assertThat(prices.push(ALICE, List.of(point("BTC", NOW), point("BTC", NOW.minusSeconds(60)), point("ETH", NOW))))
                .containsExactly(Asset.of("BTC"), Asset.of("ETH"));

        assertThat(announced).containsExactly(Asset.of("BTC"), Asset.of("ETH"));
        assertThat(store.nearest(ALICE, Asset.of("ETH"), NOW, Duration.ZERO)).isPresent();
    }

    @Test
    void a_push_is_one_audit_entry_by_its_actor_naming_the_assets_and_a_refused_push_writes_none() {
        Actor feeder = new Actor("feeder", java.util.Optional.empty());
        prices.pushAll(ALICE, List.of(new PushPrice("btc", BigDecimal.TEN, java.util.Optional.empty(),
                java.util.Optional.empty()), new PushPrice("eth", BigDecimal.ONE, java.util.Optional.empty(),
                java.util.Optional.of("agent"))), feeder);
        assertThatThrownBy(() -> prices.pushAll(ALICE, List.of(new PushPrice("btc", BigDecimal.ONE,
                java.util.Optional.of(NOW.plus(Duration.ofHours(1))), java.util.Optional.empty())), feeder))
                .isInstanceOf(InvalidInputException.class);

        assertThat(audit.recent(ALICE, 10)).extracting(e -> e.action() + " " + e.subject() + " " + e.detail() + " by "
                + e.actor()).containsExactly("price.push prices 2 price points pushed for BTC, ETH by feeder");
        assertThat(audit.recent(Tenant.of("bob"), 10)).isEmpty();
    }

    @Test
    void an_empty_an_oversized_or_a_future_batch_is_refused_and_nothing_is_stored() {
        assertThatThrownBy(() -> prices.push(ALICE, List.of())).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> prices.push(ALICE, Collections.nCopies(501, point("BTC", NOW))))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> prices.push(ALICE, List.of(point("BTC", NOW), point("ETH", NOW.plus(Duration.ofHours(1))))))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("prices[1].at"));
        assertThat(store.nearest(ALICE, Asset.of("BTC"), NOW, Duration.ofDays(1))).isEmpty();
        assertThat(announced).isEmpty();
    }

    @Test
    void pushed_prices_default_to_now_and_the_api_and_a_bad_one_is_named_by_its_index() {
        prices.pushAll(ALICE, List.of(new PushPrice("btc", new BigDecimal("64000.5"), java.util.Optional.empty(),
                java.util.Optional.empty())), Actor.UNKNOWN);

        assertThat(store.nearest(ALICE, Asset.of("BTC"), NOW, Duration.ZERO)).contains(
                new PricePoint(Asset.of("BTC"), new BigDecimal("64000.5"), NOW, "api"));
        assertThatThrownBy(() -> prices.pushAll(ALICE, List.of(
                new PushPrice("ETH", BigDecimal.ONE, java.util.Optional.empty(), java.util.Optional.empty()),
                new PushPrice("ETH", new BigDecimal("-1"), java.util.Optional.empty(), java.util.Optional.empty())), Actor.UNKNOWN))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("prices[1].price"));
    }
}
