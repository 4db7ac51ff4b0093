package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventTimeTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "2023-05-08, 2023-05-08T00:00:00Z",
            "2023-05-08T13:56:00Z, 2023-05-08T13:56:00Z",
            "2023-05-08T13:56:00.250Z, 2023-05-08T13:56:00.250Z",
            "2023-05-08t13:56:00z, 2023-05-08T13:56:00Z",
            "2023-05-08T13:56:00+02:00, 2023-05-08T11:56:00Z",
            "2023-05-08T13:56:00-05:00, 2023-05-08T18:56:00Z",
            "2023-05-08T13:56:00, 2023-05-08T13:56:00Z",
            "' 2023-05-08 ', 2023-05-08T00:00:00Z",
            "0001-01-01, 0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z, 9999-12-31T23:59:59Z"})
    void each_accepted_form_reads_as_its_instant(String text, String expected) {
        assertThat(EventTime.parse("occurred_at", text)).isEqualTo(Instant.parse(expected));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "yesterday", "8 May 2023", "2023-13-01", "2023-02-30", "2023-05-08T25:00:00Z",
            "-2023-05-08", "+10000-01-01T00:00:00Z", "10000-01-01", "1684000000", "2023-05-08T13:56:00+25:00",
            "2023-05-08 13:56:00", "2023/05/08"})
    void anything_else_is_refused_naming_the_field(String text) {
        assertThatThrownBy(() -> EventTime.parse("occurred_after", text))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.field()).isEqualTo("occurred_after");
                    assertThat(e.reason()).contains("ISO-8601");
                });
    }

    @Test
    void metadata_may_state_the_event_time_as_occurred_at_or_a_session_date() {
        assertThat(EventTime.fromMetadata(new Metadata("{\"session\":3,\"session_date\":\"2023-05-08\"}")))
                .contains(Instant.parse("2023-05-08T00:00:00Z"));
        assertThat(EventTime.fromMetadata(new Metadata(
                "{\"session_date\":\"2023-05-08\",\"occurred_at\":\"2023-05-09T10:00:00Z\"}")))
                .as("occurred_at comes first").contains(Instant.parse("2023-05-09T10:00:00Z"));
    }

    @Test
    void a_metadata_date_that_does_not_read_or_is_not_top_level_is_ignored() {
        assertThat(EventTime.fromMetadata(new Metadata("{\"session_date\":\"last tuesday\"}"))).isEmpty();
        assertThat(EventTime.fromMetadata(new Metadata("{\"session_date\":20230508}"))).isEmpty();
        assertThat(EventTime.fromMetadata(new Metadata("{\"nested\":{\"session_date\":\"2023-05-08\"}}"))).isEmpty();
        assertThat(EventTime.fromMetadata(new Metadata(
                "{\"note\":\"has \\\"session_date\\\":\\\"2023-05-08\\\" inside\",\"tags\":[\"a\",{\"b\":[1,2]}]}")))
                .isEmpty();
        assertThat(EventTime.fromMetadata(Metadata.EMPTY)).isEmpty();
    }

    @Test
    void a_metadata_date_after_nested_values_and_escapes_is_still_found() {
        Metadata m = new Metadata("{\"tags\":[\"x\",{\"y\":\"}\"}],\"who\":\"A \\\"B\\\" \\u00e9\",\"ok\":true,"
                + "\"n\":-1.5e3,\"session_date\":\"2023-05-08T09:00:00Z\"}");

        assertThat(EventTime.fromMetadata(m)).isEqualTo(Optional.of(Instant.parse("2023-05-08T09:00:00Z")));
    }
}
