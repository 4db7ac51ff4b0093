package dev.strata.domain.workspace;

import java.util.List;

/**
 * The files of an OpenClaw-compatible workspace and where each one lands in the prompt.
 * The file names are OpenClaw's, so an existing OpenClaw workspace can be used as it is.
 */
public enum WorkspaceKind {

    SOUL("SOUL.md", Placement.IDENTITY_PREFIX),
    AGENTS("AGENTS.md", Placement.IDENTITY_PREFIX),
    IDENTITY("IDENTITY.md", Placement.METADATA),
    USER("USER.md", Placement.PERSONALIZATION),
    MEMORY("MEMORY.md", Placement.MEMORY, "memory.md"),
    TOOLS("TOOLS.md", Placement.NOT_INJECTED),
    BOOTSTRAP("BOOTSTRAP.md", Placement.IDENTITY_PREFIX),
    HEARTBEAT("HEARTBEAT.md", Placement.NOT_INJECTED),
    /** {@code memory/YYYY-MM-DD.md}; one file per day, only a recent window is read. */
    DAILY_NOTE("memory", Placement.MEMORY);

    /** Where a file's text goes. Only the first three ever reach the prompt as text. */
    public enum Placement {
        IDENTITY_PREFIX, MEMORY, PERSONALIZATION, METADATA, NOT_INJECTED;

        public boolean injected() {
            return this == IDENTITY_PREFIX || this == MEMORY || this == PERSONALIZATION;
        }
    }

    /** The directory, relative to the workspace root, that holds the daily notes. */
    public static final String DAILY_NOTE_DIRECTORY = "memory";

    private final String fileName;
    private final Placement placement;
    private final List<String> alternateNames;

    WorkspaceKind(String fileName, Placement placement, String... alternateNames) {
        this.fileName = fileName;
        this.placement = placement;
        this.alternateNames = List.of(alternateNames);
    }

    /** The file name at the workspace root; for {@link #DAILY_NOTE} the name of its directory. */
    public String fileName() {
        return fileName;
    }

    /**
     * Names tried, in order, when {@link #fileName()} is absent (OpenClaw also accepts a
     * lower-case {@code memory.md}).
     */
    public List<String> alternateNames() {
        return alternateNames;
    }

    public Placement placement() {
        return placement;
    }

    /** The kinds that are one fixed file at the workspace root, in reading order. */
    public static List<WorkspaceKind> rootFiles() {
        return List.of(SOUL, AGENTS, IDENTITY, USER, MEMORY, TOOLS, BOOTSTRAP, HEARTBEAT);
    }
}
