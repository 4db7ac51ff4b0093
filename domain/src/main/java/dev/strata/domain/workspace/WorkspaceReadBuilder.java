package dev.strata.domain.workspace;

import dev.strata.domain.safety.InjectionFinding;
import dev.strata.domain.safety.PromptInjectionScanner;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Turns the files a reader found into a {@link WorkspaceRead}: normalises them, scans them
 * for prompt injection, and applies the limits.
 *
 * <p>The per-file cap applies to every file. The total cap applies only to files that reach the
 * prompt (IDENTITY, TOOLS and HEARTBEAT never do) and is spent in priority order: SOUL, AGENTS,
 * USER, MEMORY, the daily notes newest first, and BOOTSTRAP last because it serves one session
 * only. A file that no longer fits is cut to what is left, or left out when less than
 * {@link WorkspaceLimits#MIN_FILE_CHARS} remain.
 */
public final class WorkspaceReadBuilder {

    private static final Comparator<WorkspaceSource> BUDGET_ORDER = Comparator
            .comparingInt((WorkspaceSource s) -> budgetRank(s.kind()))
            .thenComparing(s -> s.date().orElse(LocalDate.MIN), Comparator.reverseOrder());

    private final WorkspaceLimits limits;
    private final PromptInjectionScanner scanner;

    /** With the one injection scanner every stored text goes through (the reader hands in raw files only). */
    public WorkspaceReadBuilder(WorkspaceLimits limits) {
        this(limits, new PromptInjectionScanner());
    }

    public WorkspaceReadBuilder(WorkspaceLimits limits, PromptInjectionScanner scanner) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.scanner = Objects.requireNonNull(scanner, "scanner");
    }

    /**
     * @param location    where the workspace lives, for display
     * @param today       the day that chose the daily-note window
     * @param sources     the files read
     * @param readNotices what went wrong while reading (refused paths, I/O errors); kept first
     */
    public WorkspaceRead build(String location, LocalDate today, List<WorkspaceSource> sources,
                                   List<WorkspaceNotice> readNotices) {
        List<WorkspaceNotice> notices = new ArrayList<>(readNotices);
        List<WorkspaceFile> files = new ArrayList<>();
        long remaining = limits.maxTotalChars();
        for (WorkspaceSource source : sources.stream().sorted(BUDGET_ORDER).toList()) {
            String path = source.relativePath();
            String withLineEnds = WorkspaceText.normaliseLineEnds(source.text());
            List<InjectionFinding> findings = scanner.scan(withLineEnds);
            if (source.byteCapped()) {
                notices.add(new WorkspaceNotice(WorkspaceNotice.Type.BYTE_CAPPED, path, "file is " + source.sizeBytes()
                        + " bytes, over the " + limits.maxFileBytes() + "-byte read cap; only its head and tail were read"));
            }
            if (source.malformed()) {
                notices.add(new WorkspaceNotice(WorkspaceNotice.Type.INVALID_UTF8, path,
                        "invalid UTF-8 was replaced by U+FFFD"));
            }
            for (InjectionFinding finding : findings) {
                notices.add(new WorkspaceNotice(WorkspaceNotice.Type.INJECTION_SUSPECTED, path, finding.describe()));
            }
            String text = WorkspaceText.normalise(withLineEnds);
            if (text.isEmpty()) {
                continue;
            }
            boolean counted = source.kind().placement().injected();
            int budget = counted ? (int) Math.min(limits.maxFileChars(), remaining) : limits.maxFileChars();
            if (text.length() > budget && budget < WorkspaceLimits.MIN_FILE_CHARS) {
                notices.add(new WorkspaceNotice(WorkspaceNotice.Type.OVER_TOTAL_BUDGET, path, "left out: "
                        + text.length() + " characters but only " + remaining + " of the " + limits.maxTotalChars()
                        + "-character total budget left"));
                continue;
            }
            String wholeSize = source.byteCapped() ? source.sizeBytes() + " bytes" : text.length() + " characters";
            String kept = WorkspaceText.truncate(text, budget, path, wholeSize);
            boolean truncated = source.byteCapped() || kept.length() < text.length();
            if (kept.length() < text.length()) {
                String limit = budget < limits.maxFileChars()
                        ? "the " + budget + " characters left of the " + limits.maxTotalChars() + "-character total budget"
                        : "the " + limits.maxFileChars() + "-character per-file limit";
                notices.add(new WorkspaceNotice(WorkspaceNotice.Type.TRUNCATED, path,
                        wholeSize + " cut to " + limit + "; head and tail kept"));
            }
            if (counted) {
                remaining -= kept.length();
            }
            files.add(new WorkspaceFile(source.kind(), path, source.date(), kept, truncated, findings));
        }
        return new WorkspaceRead(location, today, files, notices);
    }

    private static int budgetRank(WorkspaceKind kind) {
        return switch (kind) {
            case SOUL -> 0;
            case AGENTS -> 1;
            case USER -> 2;
            case MEMORY -> 3;
            case DAILY_NOTE -> 4;
            case BOOTSTRAP -> 5;
            case IDENTITY, TOOLS, HEARTBEAT -> 6;
        };
    }
}
