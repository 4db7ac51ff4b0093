package dev.strata.application.role;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.PriceFeed;
import dev.strata.domain.role.PricePoint;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FallbackPriceFeedTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Asset BTC = Asset.of("BTC");
    private static final Instant T = Instant.parse("2026-03-02T10:00:00Z");
    private static final PricePoint POINT = new PricePoint(BTC, BigDecimal.TEN, T, "endpoint");

    private final PriceFeed none = (tenant, asset, at) -> Optional.empty();
    private final PriceFeed has = (tenant, asset, at) -> Optional.of(POINT);
    private final PriceFeed broken = (tenant, asset, at) -> {
        throw new UnavailableException("down");
    };

    @Test
    void the_first_feed_with_a_price_answers_and_a_fetched_price_is_announced() {
        List<PricePoint> announced = new ArrayList<>();
        FallbackPriceFeed feed = new FallbackPriceFeed(List.of(none, broken, has), (t, p) -> announced.add(p));

        assertThat(feed.priceAt(ALICE, BTC, T)).contains(POINT);
        assertThat(announced).containsExactly(POINT);
        assertThat(new FallbackPriceFeed(List.of(has, none), (t, p) -> announced.add(p)).priceAt(ALICE, BTC, T))
                .contains(POINT);
        assertThat(announced).hasSize(1);
    }

    @Test
    void no_price_anywhere_is_empty_unless_a_feed_failed() {
        assertThat(new FallbackPriceFeed(List.of(none, none)).priceAt(ALICE, BTC, T)).isEmpty();
        assertThatThrownBy(() -> new FallbackPriceFeed(List.of(none, broken)).priceAt(ALICE, BTC, T))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("down");
    }
}
