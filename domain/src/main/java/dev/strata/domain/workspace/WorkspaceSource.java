package dev.strata.domain.workspace;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/**
 * One workspace file as read from disk, before limits and scanning: what a {@link WorkspaceReader}
 * adapter hands to {@link WorkspaceReadBuilder}.
 *
 * @param kind         which file this is
 * @param relativePath its path inside the workspace, with {@code /} separators ({@code memory/2026-11-22.md})
 * @param date         the day of a daily note; empty for every other kind
 * @param text         the decoded text (invalid UTF-8 already replaced by U+FFFD)
 * @param sizeBytes    the file's size on disk
 * @param byteCapped   true when only the head and tail bytes were read because the file exceeds the byte cap
 * @param malformed    true when invalid UTF-8 was replaced while decoding
 */
public record WorkspaceSource(WorkspaceKind kind, String relativePath, Optional<LocalDate> date, String text,
                              long sizeBytes, boolean byteCapped, boolean malformed) {

    public WorkspaceSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(relativePath, "relativePath");
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(text, "text");
        if (relativePath.isBlank() || relativePath.startsWith("/") || relativePath.contains("\\")) {
            throw new IllegalArgumentException("relativePath must be a relative path with / separators: " + relativePath);
        }
        if ((kind == WorkspaceKind.DAILY_NOTE) != date.isPresent()) {
            throw new IllegalArgumentException("a daily note, and only a daily note, carries a date");
        }
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("sizeBytes must be >= 0");
        }
    }

    /** A fully read, well-formed file (the common case, and handy in tests). */
    public static WorkspaceSource of(WorkspaceKind kind, String text) {
        return new WorkspaceSource(kind, kind.fileName(), Optional.empty(), text,
                text.getBytes(StandardCharsets.UTF_8).length, false, false);
    }

    /** A fully read, well-formed daily note for {@code date}. */
    public static WorkspaceSource dailyNote(LocalDate date, String text) {
        return new WorkspaceSource(WorkspaceKind.DAILY_NOTE, DailyNotes.relativePath(date), Optional.of(date), text,
                text.getBytes(StandardCharsets.UTF_8).length, false, false);
    }
}
