package dev.strata.domain.learning;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static dev.strata.domain.learning.LearningFixtures.ALICE;
import static dev.strata.domain.learning.LearningFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PreferenceMiningRuleTest {

    private static Trade trade(long id, TradeSide side, String asset, AssetClass c) {
        return new Trade(TradeId.of(id), ALICE, AssetSymbol.parse("asset", asset), c, side, BigDecimal.ONE,
                BigDecimal.TEN, T0, Optional.empty(), Optional.empty());
    }

    @Test
    void a_statement_repeated_often_enough_is_proposed_with_its_count_as_evidence() {
        List<String> statements = List.of("Never use more than 2x leverage on BTC.",
                "never use more than 2x leverage on BTC", "NEVER use more than 2x   leverage on btc",
                "user always sets slippage to 0.5%", "user always sets slippage to 0.5%");

        List<PreferenceMiningRule.Mined> mined = PreferenceMiningRule.mine(statements, List.of(), 3, 5);

        assertThat(mined).singleElement().satisfies(m -> {
            assertThat(m.dimension()).isEqualTo(PreferenceDimension.LEVERAGE);
            assertThat(m.kind()).isEqualTo(PreferenceKind.HARD_CONSTRAINT);
            assertThat(m.evidence()).isEqualTo(3);
            assertThat(m.content()).isEqualTo("NEVER use more than 2x   leverage on btc");
        });
    }

    @Test
    void statements_without_a_dimension_or_absolute_wording_are_not_hard_constraints() {
        List<String> statements = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            statements.add("prefers weekly charts for entries");
            statements.add("the weather was nice");
            statements.add("likes SOL");
        }

        List<PreferenceMiningRule.Mined> mined = PreferenceMiningRule.mine(statements, List.of(), 3, 5);

        assertThat(mined).extracting(PreferenceMiningRule.Mined::dimension)
                .containsExactly(PreferenceDimension.ASSET, PreferenceDimension.TIMEFRAME);
        assertThat(mined).allSatisfy(m -> assertThat(m.kind()).isEqualTo(PreferenceKind.NORMAL));
    }

    @Test
    void consistent_trades_propose_direction_and_asset_class_preferences() {
        List<Trade> trades = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            trades.add(trade(i, TradeSide.LONG, "BTC", AssetClass.CRYPTO_MAJOR));
        }
        trades.add(trade(5, TradeSide.LONG, "SOL", AssetClass.CRYPTO_ALT));

        List<PreferenceMiningRule.Mined> mined = PreferenceMiningRule.mine(List.of(), trades, 3, 5);

        assertThat(mined).containsExactly(
                new PreferenceMiningRule.Mined(PreferenceDimension.ASSET_CLASS, "mostly trades crypto_major",
                        PreferenceKind.NORMAL, 4),
                new PreferenceMiningRule.Mined(PreferenceDimension.DIRECTION, "trades long only",
                        PreferenceKind.NORMAL, 5));
        assertThat(PreferenceMiningRule.mine(List.of(), trades.subList(0, 4), 3, 5)).as("too few trades").isEmpty();
    }

    @Test
    void the_same_inputs_give_the_same_proposals_whatever_their_order() {
        List<String> statements = new ArrayList<>(List.of("max 3x leverage", "Max 3x leverage.", "max 3x leverage",
                "use limit orders", "use limit orders", "Use limit orders"));
        List<PreferenceMiningRule.Mined> first = PreferenceMiningRule.mine(statements, List.of(), 3, 5);
        Collections.reverse(statements);

        assertThat(PreferenceMiningRule.mine(statements, List.of(), 3, 5)).isEqualTo(first).hasSize(2);
    }

    @Test
    void a_single_observation_can_never_be_a_preference() {
        assertThatThrownBy(() -> PreferenceMiningRule.mine(List.of(), List.of(), 1, 5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
