package dev.strata.bootstrap.eval;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LocomoDatesTest {

    @Test
    void a_session_date_reads_as_its_instant_in_utc() {
        assertThat(Locomo.sessionInstant("1:56 pm on 8 May, 2023")).contains(Instant.parse("2023-05-08T13:56:00Z"));
        assertThat(Locomo.sessionInstant("12:09 am on 13 September, 2023"))
                .contains(Instant.parse("2023-09-13T00:09:00Z"));
        assertThat(Locomo.sessionInstant("10:04 AM on 19 December, 2023"))
                .contains(Instant.parse("2023-12-19T10:04:00Z"));
    }

    @Test
    void a_date_that_does_not_read_is_empty_rather_than_a_guess() {
        assertThat(Locomo.sessionInstant("")).isEmpty();
        assertThat(Locomo.sessionInstant("sometime in May")).isEmpty();
        assertThat(Locomo.sessionInstant("1:56 pm on 31 February, 2023")).isEmpty();
    }

    @Test
    void the_questions_are_asked_the_day_after_the_last_session() {
        Locomo.Conversation c = new Locomo.Conversation("c", List.of(
                new Locomo.Turn("D1:1", "A", "hi", "", "1:56 pm on 8 May, 2023"),
                new Locomo.Turn("D2:1", "B", "hey", "", "7:55 pm on 9 June, 2023"),
                new Locomo.Turn("D3:1", "B", "bad", "", "no date")), List.of());

        assertThat(c.reference()).contains(Instant.parse("2023-06-10T00:00:00Z"));
    }
}
