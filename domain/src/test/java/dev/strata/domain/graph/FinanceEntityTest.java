package dev.strata.domain.graph;

import static dev.strata.domain.graph.FinanceEntity.ticker;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class FinanceEntityTest {

    @Test
    void factories_normalise_keys() {
        assertThat(ticker("btc")).isEqualTo(new FinanceEntity(EntityKind.TICKER, "BTC"));
        assertThat(FinanceEntity.chain("Arbitrum").key()).isEqualTo("arbitrum");
        assertThat(FinanceEntity.forexPair("eur", "usd").key()).isEqualTo("EURUSD");
        assertThat(FinanceEntity.scenario("  s-1 ").key()).isEqualTo("s-1");
    }

    @Test
    void records_reject_keys_that_are_not_normalised() {
        assertThatIllegalArgumentException().isThrownBy(() -> new FinanceEntity(EntityKind.TICKER, "btc"));
        assertThatIllegalArgumentException().isThrownBy(() -> new FinanceEntity(EntityKind.FOREX_PAIR, "EUR/USD"));
        assertThatIllegalArgumentException().isThrownBy(() -> new FinanceEntity(EntityKind.TICKER_PAIR, "ETH|BTC"));
        assertThatIllegalArgumentException().isThrownBy(() -> new FinanceEntity(EntityKind.CHAIN, " base"));
        assertThatIllegalArgumentException().isThrownBy(() -> new FinanceEntity(EntityKind.SCENARIO, "a b"));
    }

    @Test
    void ticker_pair_is_order_free_and_knows_its_members() {
        FinanceEntity pair = FinanceEntity.tickerPair(ticker("ETH"), ticker("BTC"));
        assertThat(pair).isEqualTo(FinanceEntity.tickerPair(ticker("BTC"), ticker("ETH")));
        assertThat(pair.members()).containsExactly(ticker("BTC"), ticker("ETH"));
        assertThat(ticker("SOL").members()).containsExactly(ticker("SOL"));
        assertThatIllegalArgumentException().isThrownBy(() -> FinanceEntity.tickerPair(ticker("BTC"), ticker("BTC")));
    }

    @Test
    void wire_names_round_trip() {
        for (EntityKind kind : EntityKind.values()) {
            assertThat(EntityKind.fromWireName(kind.wireName())).contains(kind);
        }
        for (EdgeType type : EdgeType.values()) {
            assertThat(EdgeType.fromWireName(type.wireName())).contains(type);
        }
        assertThat(EdgeType.fromWireName("likes")).isEmpty();
        assertThat(EdgeType.CO_OCCURS_WITH.wireName()).isEqualTo("co_occurs_with");
        assertThat(EntityKind.FOREX_PAIR.wireName()).isEqualTo("forex_pair");
    }

    @Test
    void system_metadata_rejects_a_blank_scenario() {
        assertThatIllegalArgumentException().isThrownBy(() -> SystemMetadata.scenario("  "));
        assertThat(SystemMetadata.none().scenarioId()).isEmpty();
    }
}
