package dev.strata.domain.workspace;

/**
 * Reads the hand-edited workspace (SOUL, AGENTS, IDENTITY, USER, MEMORY, TOOLS, BOOTSTRAP,
 * HEARTBEAT and the recent daily notes) once, at session start.
 */
public interface WorkspaceReader {

    /**
     * The workspace as it is now. Never fails for a missing workspace, a missing or unreadable
     * file or a path that escapes the root: each becomes a {@link WorkspaceNotice} and the file is
     * left out.
     */
    WorkspaceRead load();
}
