package dev.strata.adapters.workspace;

import java.io.IOException;

/** A workspace path, or a symlink on it, leads outside the workspace root; nothing was read or written. */
public final class WorkspacePathException extends IOException {

    private final String relativePath;

    public WorkspacePathException(String relativePath, String message) {
        super(relativePath + ": " + message);
        this.relativePath = relativePath;
    }

    public String relativePath() {
        return relativePath;
    }
}
