package dev.strata.domain.workspace;

import dev.strata.domain.safety.PromptInjectionScanner;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workspace held in memory: workspace-relative path to text. For application tests that need a
 * {@link WorkspaceReader} without a directory; it follows the same contract as the file-system
 * adapter (see {@link WorkspaceReaderContract}). As a {@link WorkspaceBootstrap} it deletes its
 * BOOTSTRAP.md entry.
 */
public final class InMemoryWorkspaceReader implements WorkspaceReader, WorkspaceBootstrap {

    private final Map<String, String> files = new LinkedHashMap<>();
    private final WorkspaceLimits limits;
    private final Clock clock;

    public InMemoryWorkspaceReader(WorkspaceLimits limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /** Puts (or replaces) a file; {@code relativePath} as in the workspace, e.g. {@code memory/2026-11-22.md}. */
    public synchronized InMemoryWorkspaceReader put(String relativePath, String text) {
        files.put(relativePath, text);
        return this;
    }

    public synchronized boolean contains(String relativePath) {
        return files.containsKey(relativePath);
    }

    @Override
    public synchronized boolean delete() {
        return files.remove(WorkspaceKind.BOOTSTRAP.fileName()) != null;
    }

    @Override
    public synchronized WorkspaceRead load() {
        LocalDate today = LocalDate.now(clock);
        List<WorkspaceSource> sources = new ArrayList<>();
        for (WorkspaceKind kind : WorkspaceKind.rootFiles()) {
            List<String> names = new ArrayList<>();
            names.add(kind.fileName());
            names.addAll(kind.alternateNames());
            names.stream().filter(files::containsKey).findFirst()
                    .ifPresent(name -> sources.add(source(kind, name, Optional.empty())));
        }
        for (LocalDate date : DailyNotes.window(today, limits.dailyNoteDays())) {
            String path = DailyNotes.relativePath(date);
            if (files.containsKey(path)) {
                sources.add(source(WorkspaceKind.DAILY_NOTE, path, Optional.of(date)));
            }
        }
        return new WorkspaceReadBuilder(limits, new PromptInjectionScanner()).build("memory:", today, sources, List.of());
    }

    private WorkspaceSource source(WorkspaceKind kind, String path, Optional<LocalDate> date) {
        String text = files.get(path);
        return new WorkspaceSource(kind, path, date, text, text.getBytes(StandardCharsets.UTF_8).length,
                false, false);
    }
}
