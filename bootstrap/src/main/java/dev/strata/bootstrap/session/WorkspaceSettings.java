package dev.strata.bootstrap.session;

import dev.strata.adapters.workspace.WorkspaceRoot;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
import dev.strata.domain.workspace.WorkspaceLimits;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The server's one workspace directory (shared by every tenant) and how much of it is read:
 * {@code strata.workspace.*}.
 *
 * @param directory where the OpenClaw-compatible files live, {@code ~} already expanded
 * @param limits    the per-file, total and byte caps and the daily-note window
 */
public record WorkspaceSettings(Path directory, WorkspaceLimits limits) implements AreaSettings {

    static final ConfigKey DIR = new ConfigKey("strata.workspace.dir", "STRATA_WORKSPACE");
    static final ConfigKey MAX_FILE_CHARS =
            new ConfigKey("strata.workspace.max-file-chars", "STRATA_WORKSPACE_MAX_FILE_CHARS");
    static final ConfigKey MAX_TOTAL_CHARS =
            new ConfigKey("strata.workspace.max-total-chars", "STRATA_WORKSPACE_MAX_TOTAL_CHARS");
    static final ConfigKey MAX_FILE_BYTES =
            new ConfigKey("strata.workspace.max-file-bytes", "STRATA_WORKSPACE_MAX_FILE_BYTES");
    static final ConfigKey DAILY_NOTE_DAYS =
            new ConfigKey("strata.workspace.daily-note-days", "STRATA_WORKSPACE_DAILY_NOTE_DAYS");

    public WorkspaceSettings {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(limits, "limits");
    }

    public static WorkspaceSettings from(ConfigReader config) {
        int maxFileChars = config.integer(MAX_FILE_CHARS);
        int maxTotalChars = config.integer(MAX_TOTAL_CHARS);
        long maxFileBytes = config.longValue(MAX_FILE_BYTES);
        int dailyNoteDays = config.integer(DAILY_NOTE_DAYS);
        WorkspaceLimits limits = ConfigKey.checking("strata.workspace.*",
                () -> new WorkspaceLimits(maxFileChars, maxTotalChars, maxFileBytes, dailyNoteDays));
        return new WorkspaceSettings(WorkspaceRoot.locate(config.string(DIR), config.userHome()), limits);
    }

    public WorkspaceSettings withDirectory(Path dir) {
        return new WorkspaceSettings(dir, limits);
    }
}
