package dev.strata.domain.graph;

import static dev.strata.domain.graph.FinanceEntity.chain;
import static dev.strata.domain.graph.FinanceEntity.ticker;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** Texts whose entities come from a vocabulary key or an unusual spelling, beside the labelled sample. */
    private static final List<String> SPELLED_OUT = List.of(
            "bitcoin broke 70k", "比特币 和 以太币", "bridged to BNB   Chain", "moved to binance smart chain",
            "以太坊 上的 gas", "on base chain", "long eur-usd", "EURUSD at 1.08", "$eth looks weak", "ETHUSDT perp",
            "BTC-PERP funding", "sent to 0x52908400098527886E0F7030069857D2E4169EE7",
            "cold wallet bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "arbitrum one fees", "ARBITRUM is cheap",
            "hyperliquid perps", "short sol/usdt", "Bought ETH on Arbitrum, BTC flat");

    @Test
    void every_extracted_entity_is_spelled_in_its_text() throws IOException {
        FinanceEntityExtractor extractor = new FinanceEntityExtractor();
        for (String text : texts()) {
            String lower = text.toLowerCase(Locale.ROOT);
            for (FinanceEntity entity : extractor.extract(text)) {
                assertThat(extractor.spellings(entity))
                        .as("%s in '%s'", entity, text)
                        .hasValueSatisfying(spellings -> assertThat(spellings).anyMatch(lower::contains));
            }
        }
    }

    @Test
    void a_probe_counts_what_extracting_every_memory_counts() throws IOException {
        List<String> texts = texts();
        int compared = 0;
        int overlapping = 0;
        for (String query : texts) {
            List<FinanceEntity> queryEntities = new FinanceEntityExtractor().extract(query);
            if (queryEntities.isEmpty()) {
                continue;
            }
            EntityOverlap.Probe probe = overlap.probe(queryEntities);
            for (String memory : texts) {
                int expected = overlap.count(queryEntities, memory);
                assertThat(probe.count(memory)).as("'%s' against '%s'", query, memory).isEqualTo(expected);
                compared++;
                overlapping += expected > 0 ? 1 : 0;
            }
        }
        // The comparison covers both outcomes, many times.
        assertThat(compared).isGreaterThan(10_000);
        assertThat(overlapping).isGreaterThan(1_000);
    }

    @Test
    void a_probe_without_query_entities_counts_zero_and_unknown_kinds_are_extracted() {
        assertThat(overlap.probe(List.of()).count("Bought ETH")).isZero();
        FinanceEntityExtractor extractor = new FinanceEntityExtractor();
        assertThat(extractor.spellings(FinanceEntity.scenario("s-1"))).isEmpty();
        assertThat(extractor.spellings(ticker("BTC")).orElseThrow()).contains("btc", "bitcoin", "比特币");
        assertThat(extractor.spellings(chain("bsc")).orElseThrow()).contains("bsc", "bnb", "binance", "币安智能链");
        // A scenario has no spelling list: the probe falls back to extracting, which finds no scenario in text.
        assertThat(overlap.probe(List.of(FinanceEntity.scenario("s-1"), ticker("ETH"))).count("ETH on Base"))
                .isEqualTo(1);
    }

    private static List<String> texts() throws IOException {
        List<String> texts = new ArrayList<>(SPELLED_OUT);
        TickerPrecisionTest.sample().forEach(row -> texts.add(row.text()));
        return texts;
    }
}
