package dev.strata.adapters.sqlite;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TimestampsTest {

    @Test
    void the_stored_form_reads_back_as_the_full_parser_reads_it() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            Instant at = Timestamps.truncate(Instant.ofEpochMilli(random.nextLong(0, 4_102_444_800_000L)));
            String stored = Timestamps.format(at);
            assertThat(Timestamps.parse(stored)).as(stored).isEqualTo(at).isEqualTo(Instant.parse(stored));
        }
    }

    @Test
    void other_forms_go_to_the_full_parser() {
        assertThat(Timestamps.parse("2026-01-01T00:00:00Z")).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(Timestamps.parse("2026-01-01T00:00:00.123456Z")).isEqualTo(Instant.parse("2026-01-01T00:00:00.123456Z"));
        assertThatThrownBy(() -> Timestamps.parse("2026-13-01T00:00:00.000Z")).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> Timestamps.parse("2026-0a-01T00:00:00.000Z")).isInstanceOf(RuntimeException.class);
    }
}
