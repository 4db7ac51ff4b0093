package dev.strata.domain.graph;

import static dev.strata.domain.graph.FinanceEntity.chain;
import static dev.strata.domain.graph.FinanceEntity.forexPair;
import static dev.strata.domain.graph.FinanceEntity.ticker;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FinanceEntityExtractorTest {

    private final FinanceEntityExtractor extractor = new FinanceEntityExtractor();

    @Nested
    class Tickers {

        @Test
        void finds_listed_tickers_in_order_of_first_mention_without_duplicates() {
            assertThat(extractor.extract("Rotated from ETH into BTC, then back to ETH"))
                    .containsExactly(ticker("ETH"), ticker("BTC"));
        }

        @Test
        void cashtag_pair_and_perp_spellings_normalise_to_the_same_ticker() {
            assertThat(extractor.extract("$BTC and BTC/USDT and BTC-PERP and BTCUSDT and btc"))
                    .containsExactly(ticker("BTC"));
        }

        @Test
        void cashtag_admits_an_unlisted_symbol_and_upper_cases_it() {
            assertThat(extractor.extract("loaded up on $wif and $Mog")).containsExactly(ticker("WIF"), ticker("MOG"));
        }

        @Test
        void asset_against_asset_pair_yields_both_tickers_but_a_stable_quote_does_not() {
            assertThat(extractor.extract("ETH/BTC ratio broke out while SOL/USDC ranged"))
                    .containsExactly(ticker("ETH"), ticker("BTC"), ticker("SOL"));
        }

        @Test
        void finds_tickers_glued_to_chinese_text() {
            assertThat(extractor.extract("今天做多BTC，顺便买入了一点SOL")).containsExactly(ticker("BTC"), ticker("SOL"));
        }

        @Test
        void chinese_asset_names_map_to_their_ticker() {
            assertThat(extractor.extract("比特币和以太币都涨了")).containsExactly(ticker("BTC"), ticker("ETH"));
        }

        @Test
        void listed_ticker_after_a_quantity_counts() {
            assertThat(extractor.extract("bought 10BTC and 2.5ETH")).containsExactly(ticker("BTC"), ticker("ETH"));
        }

        @Test
        void unlisted_capitalised_symbol_counts_when_its_clause_talks_trading() {
            assertThat(extractor.extract("Bought ZRO today")).containsExactly(ticker("ZRO"));
            assertThat(extractor.extract("ZRO at $3.2 looks strong")).containsExactly(ticker("ZRO"));
            assertThat(extractor.extract("ZRO up 12% this week")).containsExactly(ticker("ZRO"));
            assertThat(extractor.extract("the ZRO token unlock")).containsExactly(ticker("ZRO"));
            assertThat(extractor.extract("ZRO涨了")).containsExactly(ticker("ZRO"));
        }

        @Test
        void unlisted_capitalised_word_without_trading_context_is_an_acronym() {
            assertThat(extractor.extract("I live in NYC, work at ACME with the QE team, and ZRO looks fun")).isEmpty();
        }
    }

    @Nested
    class FalsePositiveGuards {

        @ParameterizedTest
        @ValueSource(strings = {
                "I met the CEO AND the CFO in the USA",
                "The SEC and the FED moved the CPI print",
                "This is IMPORTANT NEWS FROM TODAY",
                "Set up 2FA and a 3D model in 24H",
                "Use MAX_EDGES as the limit",
                "We prefer SELF-CUSTODY",
                "USD is strong and EUR is weak",
                "the base case is market optimism about the polygon shape",
                "a long-term view on the sell-off",
                "ETH-based rollups",
                "I live in NYC and work at IBM as an SRE",
                "We discussed the MVP and the PRD with the PM",
                "Bought some ETH in my IRA",
                "Use RSI and MACD on the 4H chart"
        })
        void ordinary_upper_case_words_are_not_tickers(String text) {
            assertThat(extractor.extract(text)).allSatisfy(e -> assertThat(e).isIn(ticker("ETH")));
        }

        @Test
        void lower_case_english_words_that_are_also_symbols_are_not_tickers() {
            assertThat(extractor.extract("near the link, one uni student said op")).isEmpty();
        }

        @Test
        void long_hex_hashes_are_not_evm_addresses() {
            String txHash = "0x" + "ab".repeat(32);
            assertThat(extractor.extract("tx " + txHash)).isEmpty();
        }

        @Test
        void long_plain_words_are_not_base58_addresses() {
            assertThat(extractor.extract("Pneumonoultramicroscopicsilicovolcanoconiosis")).isEmpty();
        }
    }

    @Nested
    class Addresses {

        @Test
        void evm_address_is_lower_cased_so_checksum_spellings_coincide() {
            String mixed = "0x52908400098527886E0F7030069857D2E4169EE7";
            assertThat(extractor.extract("sent to " + mixed + " and " + mixed.toLowerCase()))
                    .containsExactly(FinanceEntity.evmAddress(mixed));
            assertThat(extractor.extract(mixed).getFirst().key()).isEqualTo(mixed.toLowerCase());
        }

        @Test
        void solana_address_keeps_its_case() {
            String mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
            assertThat(extractor.extract("USDC mint " + mint))
                    .containsExactly(ticker("USDC"), FinanceEntity.address(mint));
        }

        @Test
        void bitcoin_bech32_address_is_found() {
            String address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
            assertThat(extractor.extract("cold wallet " + address)).containsExactly(FinanceEntity.address(address));
        }
    }

    @Nested
    class Chains {

        @Test
        void unambiguous_chain_names_in_any_case() {
            assertThat(extractor.extract("Bridged from Ethereum to arbitrum, also use BSC and Solana"))
                    .containsExactly(chain("ethereum"), chain("arbitrum"), chain("bsc"), chain("solana"));
        }

        @Test
        void multi_word_alias_maps_to_the_canonical_chain() {
            assertThat(extractor.extract("fees on BNB Chain")).containsExactly(chain("bsc"));
        }

        @Test
        void multi_word_alias_spaced_out_or_across_a_line_break() {
            // The pattern accepts any white space between the words; the key look-up threw on it.
            assertThat(extractor.extract("fees on BNB   Chain")).containsExactly(chain("bsc"));
            assertThat(extractor.extract("bridged to binance\nsmart  chain")).containsExactly(chain("bsc"));
        }

        @Test
        void ambiguous_chain_names_need_chain_context() {
            assertThat(extractor.extract("bought DEGEN on Base")).containsExactly(ticker("DEGEN"), chain("base"));
            assertThat(extractor.extract("Optimism mainnet fees are low")).containsExactly(chain("optimism"));
            assertThat(extractor.extract("Polygon network and polygon shapes")).containsExactly(chain("polygon"));
            assertThat(extractor.extract("在Base链上买入")).containsExactly(chain("base"));
        }

        @Test
        void chinese_chain_names() {
            assertThat(extractor.extract("以太坊和索拉纳上的币安链桥")).containsExactly(
                    chain("ethereum"), chain("solana"), chain("bsc"));
        }
    }

    @Nested
    class ForexPairs {

        @ParameterizedTest
        @ValueSource(strings = {"EUR/USD", "eur/usd", "EUR-USD", "EUR_USD", "EURUSD"})
        void every_spelling_normalises_to_the_six_letter_pair(String spelling) {
            assertThat(extractor.extract("long " + spelling + " into the ECB")).containsExactly(forexPair("EUR", "USD"));
        }

        @Test
        void pair_is_not_reduced_to_its_base_currency() {
            assertThat(extractor.extract("USD/JPY and XAUUSD")).containsExactly(forexPair("USD", "JPY"), forexPair("XAU", "USD"))
                    .doesNotContain(ticker("USD"), ticker("XAU"));
            assertThat(forexPair("EUR", "USD").key()).isEqualTo("EURUSD");
        }
    }

    @Test
    void mentions_carry_the_span_of_each_occurrence() {
        String text = "BTC up, BTC down";
        assertThat(extractor.mentions(text)).extracting(EntityMention::start).containsExactly(0, 8);
        assertThat(extractor.mentions(text)).extracting(m -> text.substring(m.start(), m.end())).containsExactly("BTC", "BTC");
    }

    @Test
    void extraction_is_deterministic() {
        String text = "Swapped $PEPE for ETH on Base, watching SOL/USDT and EUR/USD; 0x52908400098527886E0F7030069857D2E4169EE7";
        assertThat(extractor.extract(text)).isEqualTo(extractor.extract(text))
                .isEqualTo(new FinanceEntityExtractor().extract(text));
    }
}
