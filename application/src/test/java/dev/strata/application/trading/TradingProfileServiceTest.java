package dev.strata.application.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillSide;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.trading.TradingProfile;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import static dev.strata.domain.trading.Fills.fill;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TradingProfileServiceTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    private final InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
    private final TradingProfileService service = new TradingProfileService(fills, Clock.fixed(NOW, ZoneOffset.UTC),
            TradingLimits.defaults());

    @Test
    void the_profile_covers_the_last_thirty_days_only() {
        fills.insertAll(ALICE, List.of(
                fill(ALICE, "s", "1", NOW.minus(Duration.ofDays(29)), "BTC", FillSide.BUY, "Open Long", "1", "100", "0"),
                fill(ALICE, "s", "2", NOW.minus(Duration.ofDays(1)), "BTC", FillSide.SELL, "Close Long", "1", "110", "10"),
                fill(ALICE, "s", "3", NOW.minus(Duration.ofDays(31)), "ETH", FillSide.BUY, "Open Long", "1", "100", "0")),
                NOW);

        TradingProfile p = service.profile(ALICE);

        assertThat(p.trades()).isEqualTo(2);
        assertThat(p.topByCount()).extracting(s -> s.symbol()).containsExactly("BTC");
        assertThat(p.winRate()).hasValueSatisfying(r -> assertThat(r).isEqualByComparingTo("1"));
        assertThat(p.realisedPnl()).isEqualByComparingTo("10");
        assertThat(p.lastTradedAt()).contains(NOW.minus(Duration.ofDays(1)));
        assertThat(p.since()).isEqualTo(NOW.minus(Duration.ofDays(30)));
        assertThat(service.profile(BOB).trades()).isZero();
    }

    @Test
    void search_user_trades_answers_one_asset_newest_first_within_the_limit() {
        fills.insertAll(ALICE, List.of(
                fill(ALICE, "s", "1", NOW.minusSeconds(30), "BTC", FillSide.BUY, "Open Long", "1", "100", "0"),
                fill(ALICE, "s", "2", NOW.minusSeconds(10), "BTC", FillSide.SELL, "Close Long", "1", "110", "10"),
                fill(ALICE, "s", "3", NOW.minusSeconds(20), "ETH", FillSide.BUY, "Open Long", "1", "100", "0")), NOW);

        List<StoredPerpsFill> trades = service.searchUserTrades(ALICE, " btc ", Optional.of(5));

        assertThat(trades).extracting(t -> t.fill().direction()).containsExactly("close", "open");
        assertThat(trades.getFirst().fill().notionalUsd()).isEqualByComparingTo("110");
        assertThat(service.searchUserTrades(BOB, "BTC", Optional.empty())).isEmpty();
        assertThatThrownBy(() -> service.searchUserTrades(ALICE, "BTC", Optional.of(101)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("limit"));
        assertThatThrownBy(() -> service.searchUserTrades(ALICE, "' OR 1=1 --", Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("asset"));
    }
}
