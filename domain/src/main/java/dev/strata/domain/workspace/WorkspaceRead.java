package dev.strata.domain.workspace;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The workspace as loaded at session start. It is a value: later edits on disk do not change it,
 * which is what keeps a session's prompt frozen.
 *
 * @param location where the workspace lives (for display: doctor, logs)
 * @param today    the day, by the injected clock, that chose the daily-note window
 * @param files    the files read, root files in {@link WorkspaceKind} order, then daily notes newest first
 * @param notices  everything worth a human's attention, in the order it happened
 */
public record WorkspaceRead(String location, LocalDate today, List<WorkspaceFile> files,
                                List<WorkspaceNotice> notices) {

    /** Root files in kind order, then daily notes newest first: the one order every reader sees. */
    public static final Comparator<WorkspaceFile> FILE_ORDER = Comparator
            .comparing(WorkspaceFile::kind)
            .thenComparing(f -> f.date().orElse(LocalDate.MIN), Comparator.reverseOrder());

    public WorkspaceRead {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(today, "today");
        files = files.stream().sorted(FILE_ORDER).toList();
        notices = List.copyOf(notices);
        long distinctPaths = files.stream().map(WorkspaceFile::relativePath).distinct().count();
        if (distinctPaths != files.size()) {
            throw new IllegalArgumentException("a workspace file appears twice");
        }
        long rootKinds = files.stream().filter(f -> f.kind() != WorkspaceKind.DAILY_NOTE).map(WorkspaceFile::kind)
                .distinct().count();
        if (rootKinds != files.stream().filter(f -> f.kind() != WorkspaceKind.DAILY_NOTE).count()) {
            throw new IllegalArgumentException("a root workspace file appears twice");
        }
    }

    /** A workspace with no files (missing directory, or nothing written yet). */
    public static WorkspaceRead empty(String location, LocalDate today, List<WorkspaceNotice> notices) {
        return new WorkspaceRead(location, today, List.of(), notices);
    }

    /** The root file of that kind; daily notes are in {@link #dailyNotes()}. */
    public Optional<WorkspaceFile> file(WorkspaceKind kind) {
        if (kind == WorkspaceKind.DAILY_NOTE) {
            throw new IllegalArgumentException("daily notes are many; use dailyNotes()");
        }
        return files.stream().filter(f -> f.kind() == kind).findFirst();
    }

    /** Daily notes in the window, newest first. */
    public List<WorkspaceFile> dailyNotes() {
        return files.stream().filter(f -> f.kind() == WorkspaceKind.DAILY_NOTE).toList();
    }

    /** The agent's display identity from IDENTITY.md (never prompt text). */
    public IdentityMetadata identity() {
        return file(WorkspaceKind.IDENTITY).map(f -> IdentityMetadata.parse(f.text())).orElse(IdentityMetadata.empty());
    }

    /** Notices of one type, for doctor checks. */
    public List<WorkspaceNotice> notices(WorkspaceNotice.Type type) {
        return notices.stream().filter(n -> n.type() == type).toList();
    }
}
