package dev.strata.domain.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strata.domain.error.InvalidInputException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EntityInputTest {

    @ParameterizedTest(name = "{0} -> {1}:{2}")
    @CsvSource(delimiter = ';', value = {
            "BTC;               ticker;      BTC",
            "btc;               ticker;      BTC",
            "$eth;              ticker;      ETH",
            "BTC/USDT;          ticker;      BTC",
            "btc-perp;          ticker;      BTC",
            "bitcoin;           ticker;      BTC",
            "比特币;             ticker;      BTC",
            "EUR/USD;           forex_pair;  EURUSD",
            "eur-usd;           forex_pair;  EURUSD",
            "eurusd;            forex_pair;  EURUSD",
            "ETH|BTC;           ticker_pair; BTC|ETH",
            "btc|eth;           ticker_pair; BTC|ETH",
            "Base;              chain;       base",
            "bnb chain;         chain;       bsc",
            "以太坊;             chain;       ethereum",
            "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01; address; 0xabcdef0123456789abcdef0123456789abcdef01",
    })
    void without_a_kind_the_spelling_decides_and_the_key_is_normalised_like_the_extractor(String key, String kind,
                                                                                       String normalised) {
        assertThat(EntityInput.parse(key, Optional.empty()))
                .isEqualTo(new FinanceEntity(EntityInput.kind(kind), normalised));
    }

    @Test
    void a_named_kind_overrides_the_guess() {
        assertThat(EntityInput.parse("BNB", Optional.of(EntityKind.TICKER))).isEqualTo(FinanceEntity.ticker("BNB"));
        assertThat(EntityInput.parse("base", Optional.of(EntityKind.TICKER))).isEqualTo(FinanceEntity.ticker("BASE"));
        assertThat(EntityInput.parse("Optimism", Optional.of(EntityKind.CHAIN))).isEqualTo(FinanceEntity.chain("optimism"));
        assertThat(EntityInput.parse("EUR USD", Optional.of(EntityKind.FOREX_PAIR)))
                .isEqualTo(FinanceEntity.forexPair("EUR", "USD"));
        assertThat(EntityInput.parse(" dca-weekly ", Optional.of(EntityKind.SCENARIO)))
                .isEqualTo(FinanceEntity.scenario("dca-weekly"));
    }

    @Test
    void a_scenario_is_never_guessed() {
        assertThat(EntityInput.parse("dca", Optional.empty()).kind()).isEqualTo(EntityKind.TICKER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "BTC|", "BTC|BTC", "A|B|C", "two words", "BTC/ETH", "bad\u0000key",
            "ÄÖÜ"})
    void keys_that_name_no_entity_are_refused_naming_the_key(String key) {
        assertThatThrownBy(() -> EntityInput.parse(key, Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("key"));
    }

    @Test
    void a_key_longer_than_any_entity_is_refused_naming_the_key() {
        assertThatThrownBy(() -> EntityInput.parse("x".repeat(EntityInput.MAX_KEY_CHARS + 1), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("key");
                    assertThat(e.reason()).contains("at most " + EntityInput.MAX_KEY_CHARS);
                });
    }

    @Test
    void a_key_that_does_not_fit_its_named_kind_is_refused_naming_the_key() {
        assertThatThrownBy(() -> EntityInput.parse("dca weekly", Optional.of(EntityKind.SCENARIO)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("key"));
        assertThatThrownBy(() -> EntityInput.parse("EURO", Optional.of(EntityKind.FOREX_PAIR)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("key"));
    }

    @Test
    void kinds_are_read_by_wire_name_and_an_unknown_one_is_refused_naming_the_kind() {
        assertThat(EntityInput.kind("forex_pair")).isEqualTo(EntityKind.FOREX_PAIR);
        assertThat(EntityInput.kind(" Ticker ")).isEqualTo(EntityKind.TICKER);
        assertThatThrownBy(() -> EntityInput.kind("stock"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("kind");
                    assertThat(e.reason()).contains("ticker", "forex_pair", "scenario");
                });
    }
}
