package dev.strata.domain.graph;

import static dev.strata.domain.graph.FinanceEntity.chain;
import static dev.strata.domain.graph.FinanceEntity.ticker;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EntityOverlapTest {

    private final EntityOverlap overlap = new EntityOverlap(new FinanceEntityExtractor());

    @Test
    void counts_distinct_query_entities_found_in_the_memory() {
        assertThat(overlap.between("BTC and ETH on Arbitrum", "Bought ETH on Arbitrum, BTC flat")).isEqualTo(3);
    }

    @Test
    void different_spellings_of_one_asset_overlap() {
        assertThat(overlap.between("what about $btc?", "Closed the BTC-PERP short")).isEqualTo(1);
        assertThat(overlap.between("EUR/USD outlook", "long EURUSD into NFP")).isEqualTo(1);
    }

    @Test
    void repetition_does_not_inflate_the_count() {
        assertThat(overlap.between("BTC BTC BTC", "BTC, BTC and more BTC")).isEqualTo(1);
    }

    @Test
    void no_shared_entity_or_no_entity_at_all_is_zero() {
        assertThat(overlap.between("SOL news", "Bought ETH")).isZero();
        assertThat(overlap.between("how are you", "Bought ETH")).isZero();
    }

    @Test
    void forex_pair_does_not_overlap_its_currencies_or_a_ticker() {
        assertThat(overlap.between("EUR/USD", "USD strength, EUR weak")).isZero();
    }

    @Test
    void precomputed_query_entities_give_the_same_count() {
        assertThat(overlap.count(List.of(ticker("ETH"), chain("arbitrum")), "ETH on Arbitrum")).isEqualTo(2);
        assertThat(EntityOverlap.count(List.of(ticker("ETH"), ticker("ETH")), List.of(ticker("ETH")))).isEqualTo(1);
    }
}
