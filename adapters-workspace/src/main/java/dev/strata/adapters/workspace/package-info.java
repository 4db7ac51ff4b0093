/** OpenClaw/Hermes workspace files on disk, implementing {@code dev.strata.domain.workspace.WorkspaceReader}. */
package dev.strata.adapters.workspace;
