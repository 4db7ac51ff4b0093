package dev.strata.domain.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonScanTest {

    @Test
    void a_brace_inside_a_string_is_not_structure() {
        String text = "say {\"a\":\"}{\",\"b\":{\"c\":1}} done";

        assertThat(JsonScan.matchingBrace(text, 4)).isEqualTo(text.lastIndexOf('}'));
    }

    @Test
    void an_escaped_quote_does_not_end_the_string() {
        String text = "{\"a\":\"x\\\"}\"}";

        assertThat(JsonScan.matchingBrace(text, 0)).isEqualTo(text.length() - 1);
    }

    @Test
    void an_object_that_never_closes_has_no_matching_brace() {
        assertThat(JsonScan.matchingBrace("{\"a\":{\"b\":1}", 0)).isEqualTo(-1);
    }

    @Test
    void depth_counts_objects_and_arrays_but_not_brackets_in_strings() {
        assertThat(JsonScan.depth("{\"a\":[{\"b\":\"[[[[\"}]}", 10)).isEqualTo(3);
        assertThat(JsonScan.depth("\"{{{{\"", 10)).isZero();
    }

    @Test
    void depth_stops_once_past_the_limit() {
        assertThat(JsonScan.depth("[".repeat(1_000), 5)).isEqualTo(6);
    }
}
