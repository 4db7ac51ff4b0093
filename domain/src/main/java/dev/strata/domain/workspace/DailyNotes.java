package dev.strata.domain.workspace;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** The daily-note window: {@code memory/YYYY-MM-DD.md} for today and the days just before it. */
public final class DailyNotes {

    private DailyNotes() {
    }

    /** The dates to read, newest first: today and the {@code days - 1} days before it. */
    public static List<LocalDate> window(LocalDate today, int days) {
        List<LocalDate> dates = new ArrayList<>(days);
        for (int i = 0; i < days; i++) {
            dates.add(today.minusDays(i));
        }
        return List.copyOf(dates);
    }

    /** {@code memory/2026-11-22.md}; ISO dates keep the names sortable and OpenClaw-compatible. */
    public static String relativePath(LocalDate date) {
        return WorkspaceKind.DAILY_NOTE_DIRECTORY + "/" + date + ".md";
    }
}
