package dev.strata.adapters.llm.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-03-14T12:00:00Z");

    @Test
    void reads_delay_seconds() {
        assertThat(RetryAfter.parse("7", NOW)).contains(Duration.ofSeconds(7));
        assertThat(RetryAfter.parse(" 0 ", NOW)).contains(Duration.ZERO);
    }

    @Test
    void reads_an_http_date_relative_to_now() {
        assertThat(RetryAfter.parse("Sat, 14 Mar 2026 12:00:30 GMT", NOW)).contains(Duration.ofSeconds(30));
    }

    @Test
    void a_date_in_the_past_means_no_wait() {
        assertThat(RetryAfter.parse("Sat, 14 Mar 2026 11:59:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @Test
    void ignores_what_it_cannot_read() {
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
        assertThat(RetryAfter.parse("", NOW)).isEmpty();
    }

    @Test
    void an_absurdly_long_delay_stays_long() {
        assertThat(RetryAfter.parse("99999999999999999999999", NOW)).hasValueSatisfying(
                wait -> assertThat(wait).isGreaterThan(Duration.ofDays(365)));
    }
}
