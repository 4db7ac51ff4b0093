package dev.strata.bootstrap;

import dev.strata.domain.workspace.WorkspaceLimits;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The server's one workspace directory (shared by every tenant) and how much of it is read.
 *
 * @param directory where the OpenClaw-compatible files live, {@code ~} already expanded
 * @param limits    the per-file, total and byte caps and the daily-note window
 */
public record WorkspaceSettings(Path directory, WorkspaceLimits limits) {

    public WorkspaceSettings {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(limits, "limits");
    }
}
