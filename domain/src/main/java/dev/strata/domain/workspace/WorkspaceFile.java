package dev.strata.domain.workspace;

import dev.strata.domain.safety.InjectionFinding;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A workspace file as it enters the snapshot: normalised (LF line ends, no byte-order mark, no
 * trailing whitespace) and already within its character budget.
 *
 * @param kind         which file this is
 * @param relativePath its path inside the workspace, with {@code /} separators
 * @param date         the day of a daily note; empty for every other kind
 * @param text         the text to show, possibly with a truncation marker between head and tail
 * @param truncated    true when {@code text} is not the whole file
 * @param findings     prompt-injection findings in the whole file as read
 */
public record WorkspaceFile(WorkspaceKind kind, String relativePath, Optional<LocalDate> date, String text,
                            boolean truncated, List<InjectionFinding> findings) {

    /**
     * Hermes separates the entries of its MEMORY.md and USER.md with a line holding only this
     * sign; such files are read as a list of entries.
     */
    public static final String ENTRY_DELIMITER = "§";

    public WorkspaceFile {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(relativePath, "relativePath");
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(text, "text");
        findings = List.copyOf(findings);
        if ((kind == WorkspaceKind.DAILY_NOTE) != date.isPresent()) {
            throw new IllegalArgumentException("a daily note, and only a daily note, carries a date");
        }
    }

    /** True when the file uses Hermes' entry format (at least one line that is just {@code §}). */
    public boolean isEntryList() {
        return text.lines().anyMatch(line -> line.strip().equals(ENTRY_DELIMITER));
    }

    /**
     * The file's entries: the non-blank pieces between {@code §} lines, stripped; a file without
     * delimiters is one entry (or none when blank).
     */
    public List<String> entries() {
        List<String> entries = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.strip().equals(ENTRY_DELIMITER)) {
                addEntry(entries, current);
                current.setLength(0);
            } else {
                current.append(line).append('\n');
            }
        }
        addEntry(entries, current);
        return List.copyOf(entries);
    }

    private static void addEntry(List<String> entries, StringBuilder text) {
        String entry = text.toString().strip();
        if (!entry.isEmpty()) {
            entries.add(entry);
        }
    }
}
