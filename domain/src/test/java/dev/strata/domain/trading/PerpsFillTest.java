package dev.strata.domain.trading;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PerpsFillTest {

    @Test
    void a_fill_closes_when_its_direction_says_close_flip_or_liquidation() {
        assertThat(PerpsFill.closing(Optional.of("Close Long"), 1)).isTrue();
        assertThat(PerpsFill.closing(Optional.of("Long > Short"), -1)).isTrue();
        assertThat(PerpsFill.closing(Optional.of("Liquidated Isolated Long"), -1)).isTrue();
        assertThat(PerpsFill.closing(Optional.of("Open Short"), 0)).isFalse();
    }

    @Test
    void without_a_direction_a_fill_closes_when_it_realised_pnl() {
        assertThat(PerpsFill.closing(Optional.empty(), 0)).isFalse();
        assertThat(PerpsFill.closing(Optional.empty(), -1)).isTrue();
    }

    @Test
    void the_position_follows_the_direction_then_the_side() {
        assertThat(PerpsFill.position(FillSide.SELL, Optional.of("Close Long"))).isEqualTo(PositionSide.LONG);
        assertThat(PerpsFill.position(FillSide.BUY, Optional.of("Close Short"))).isEqualTo(PositionSide.SHORT);
        assertThat(PerpsFill.position(FillSide.SELL, Optional.of("Long > Short"))).isEqualTo(PositionSide.SHORT);
        assertThat(PerpsFill.position(FillSide.BUY, Optional.empty())).isEqualTo(PositionSide.LONG);
        assertThat(PerpsFill.position(FillSide.SELL, Optional.of("Liquidation"))).isEqualTo(PositionSide.SHORT);
    }
}
