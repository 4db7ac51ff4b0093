/**
 * OpenClaw/Hermes workspace files on disk. {@link dev.strata.adapters.workspace.FileSystemWorkspaceReader}
 * implements {@code dev.strata.domain.workspace.WorkspaceReader}; {@link dev.strata.adapters.workspace.WorkspaceInitializer}
 * backs {@code strata setup}. Every path goes through {@link dev.strata.adapters.workspace.WorkspaceRoot}, which
 * refuses {@code ..} and symlinks that lead outside the workspace.
 */
package dev.strata.adapters.workspace;
