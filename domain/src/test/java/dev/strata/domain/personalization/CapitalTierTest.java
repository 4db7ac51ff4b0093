package dev.strata.domain.personalization;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CapitalTierTest {

    @ParameterizedTest
    @CsvSource({
            "0, tier_1", "9.99999999, tier_1",
            "10, tier_2", "99.99, tier_2",
            "100, tier_3", "499.99, tier_3",
            "500, tier_4", "999.99999999, tier_4",
            "1000, tier_5", "4999.99, tier_5",
            "5000, tier_6", "9999.99, tier_6",
            "10000, tier_7", "49999.99999999, tier_7",
            "50000, tier_8", "1000000000000000, tier_8"})
    void every_boundary_belongs_to_the_tier_it_opens(String total, String tier) {
        assertThat(CapitalTier.of(new BigDecimal(total)).wireName()).isEqualTo(tier);
    }

    @Test
    void the_lower_bounds_are_the_documented_ones() {
        assertThat(java.util.Arrays.stream(CapitalTier.values()).map(t -> t.lowerBoundUsd().toPlainString()))
                .containsExactly("0", "10", "100", "500", "1000", "5000", "10000", "50000");
    }

    @Test
    void capital_is_spot_plus_perp_and_the_tier_follows_the_total() {
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        CapitalValue v = CapitalValue.of(new PortfolioReading(new BigDecimal("6"), new BigDecimal("4")), at);

        assertThat(v.totalUsd()).isEqualByComparingTo("10");
        assertThat(v.tier()).isEqualTo(CapitalTier.TIER_2);
    }

    @Test
    void a_negative_or_absurd_reading_is_refused_naming_the_field() {
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        assertThatThrownBy(() -> new PortfolioReading(new BigDecimal("-1"), BigDecimal.ZERO))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("spot_holdings_usd");
        assertThatThrownBy(() -> new PortfolioReading(BigDecimal.ZERO, new BigDecimal("1e30")))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("perp_value_usd");
        assertThatThrownBy(() -> new PortfolioReading(BigDecimal.ZERO, new BigDecimal("0.000000001")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("decimal places");
        assertThatThrownBy(() -> new PortfolioReading(null, BigDecimal.ZERO))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("spot_holdings_usd");
    }
}
