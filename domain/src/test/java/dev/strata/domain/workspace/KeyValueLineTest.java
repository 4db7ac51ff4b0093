package dev.strata.domain.workspace;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class KeyValueLineTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "- risk_tolerance: conservative     | risk_tolerance | conservative",
            "* Risk tolerance: conservative     | risk_tolerance | conservative",
            "+ risk-tolerance:   conservative   | risk_tolerance | conservative",
            "- **Name:** Ada                    | name           | Ada",
            "- **Name**: Ada                    | name           | Ada",
            "  - __Timezone__: Europe/Berlin    | timezone       | Europe/Berlin",
            "- Preferred chains: base, arbitrum | preferred_chains | 'base, arbitrum'",
            "- Note: the user said: buy less    | note           | 'the user said: buy less'",
            "- Home language: **en**            | home_language  | en"})
    void reads_bulleted_statements(String line, String key, String value) {
        KeyValueLine parsed = KeyValueLine.parse(line).orElseThrow();

        assertThat(parsed.key()).isEqualTo(key);
        assertThat(parsed.value()).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "risk_tolerance: conservative",
            "- https://example.com/docs",
            "- just a bullet",
            "# Heading: with colon",
            "- this sentence has far too many words: to be a key",
            "- :value without key"})
    void ignores_lines_that_are_not_statements(String line) {
        assertThat(KeyValueLine.parse(line)).isEmpty();
    }

    @Test
    void a_statement_may_have_an_empty_value() {
        assertThat(KeyValueLine.parse("- **Emoji:**").orElseThrow().value()).isEmpty();
    }

    @Test
    void values_compare_ignoring_case_quotes_full_stop_and_spacing() {
        assertThat(KeyValueLine.normaliseValue("\"Conservative.\"")).isEqualTo("conservative");
        assertThat(KeyValueLine.normaliseValue("base,   Arbitrum")).isEqualTo("base, arbitrum");
        assertThat(KeyValueLine.normaliseValue("**en**")).isEqualTo("en");
    }
}
