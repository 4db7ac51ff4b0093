package dev.strata.adapters.workspace;

import java.io.IOException;

/** A workspace path, or a symlink on it, leads outside the workspace root; nothing was read or written. */
public final class WorkspacePathException extends IOException {

    private final String relativePath;
    private final String reason;

    public WorkspacePathException(String relativePath, String reason) {
        super(relativePath + ": " + reason);
        this.relativePath = relativePath;
        this.reason = reason;
    }

    public String relativePath() {
        return relativePath;
    }

    /** Why the path was refused, without the path. */
    public String reason() {
        return reason;
    }
}
