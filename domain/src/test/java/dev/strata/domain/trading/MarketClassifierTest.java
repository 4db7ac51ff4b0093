package dev.strata.domain.trading;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MarketClassifierTest {

    @Test
    void symbols_land_on_their_market_through_the_asset_table() {
        assertThat(MarketClassifier.market("BTC")).contains("crypto_majors");
        assertThat(MarketClassifier.market("SOL")).contains("crypto_alts");
        assertThat(MarketClassifier.market("kPEPE")).contains("memes");
        assertThat(MarketClassifier.market("DOGE-PERP")).contains("memes");
        assertThat(MarketClassifier.market("NVDA")).contains("stocks");
        assertThat(MarketClassifier.market("XAU")).contains("commodities");
        assertThat(MarketClassifier.market("SPACEX")).contains("pre_ipo");
    }

    @Test
    void unknown_symbols_stablecoins_forex_and_spot_indexes_name_no_market() {
        assertThat(MarketClassifier.market("ZZZQ")).isEmpty();
        assertThat(MarketClassifier.market("USDC")).isEmpty();
        assertThat(MarketClassifier.market("EUR/USD")).isEmpty();
        assertThat(MarketClassifier.market("@107")).isEmpty();
        assertThat(MarketClassifier.market(" ")).isEmpty();
    }

    @Test
    void a_strategy_name_names_the_markets_of_its_words() {
        assertThat(MarketClassifier.marketsOfName("btc-eth-grid")).containsExactly("crypto_majors");
        assertThat(MarketClassifier.marketsOfName("sol_doge momentum v2")).containsExactly("crypto_alts", "memes");
        assertThat(MarketClassifier.marketsOfName("delta-neutral")).isEmpty();
    }
}
