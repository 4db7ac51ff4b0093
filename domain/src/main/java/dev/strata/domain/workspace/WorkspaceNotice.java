package dev.strata.domain.workspace;

import java.util.Objects;

/**
 * Something about the workspace a human should know: shown by doctor and logged at load time.
 * Notices never stop a session; the affected file is read partly or skipped.
 *
 * @param type    what happened
 * @param path    the workspace-relative path concerned ({@code "."} for the workspace itself)
 * @param message a sentence for humans
 */
public record WorkspaceNotice(Type type, String path, String message) {

    public enum Type {
        /** The workspace directory does not exist (run {@code strata setup}). */
        WORKSPACE_MISSING,
        /** The path or a symlink on it resolves outside the workspace root; the file was refused. */
        PATH_ESCAPE,
        /** A directory, device or pipe sits where a file was expected; it was skipped. */
        NOT_A_REGULAR_FILE,
        /** An I/O error while reading; the file was skipped. */
        UNREADABLE,
        /** The file exceeds the byte cap; only its head and tail were read. */
        BYTE_CAPPED,
        /** Invalid UTF-8 was replaced by U+FFFD. */
        INVALID_UTF8,
        /** The file exceeds its character budget; its head and tail were kept around a marker. */
        TRUNCATED,
        /** The total character budget was spent before this file; it was left out. */
        OVER_TOTAL_BUDGET,
        /** Content matches a prompt-injection pattern; it is still used (workspace files are trusted). */
        INJECTION_SUSPECTED
    }

    public WorkspaceNotice {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** {@code TYPE path: message}, one line for logs and doctor. */
    public String describe() {
        return type + " " + path + ": " + message;
    }
}
