package dev.strata.domain.workspace;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

class DailyNotesTest {

    @Test
    void the_window_is_today_and_the_days_before_it_newest_first_across_a_year_boundary() {
        assertThat(DailyNotes.window(LocalDate.of(2027, 1, 1), 3))
                .containsExactly(LocalDate.of(2027, 1, 1), LocalDate.of(2026, 12, 31), LocalDate.of(2026, 12, 30));
        assertThat(DailyNotes.window(LocalDate.of(2027, 1, 1), 0)).isEmpty();
    }

    @Test
    void daily_notes_live_under_memory_with_iso_dates() {
        assertThat(DailyNotes.relativePath(LocalDate.of(2026, 3, 7))).isEqualTo("memory/2026-03-07.md");
    }
}
