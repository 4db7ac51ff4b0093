package dev.strata.application.export;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One file of an export: its path relative to the export's root (forward slashes, no {@code ..}, no
 * leading slash) and its text, already scrubbed.
 */
public record ExportFile(String path, String text) {

    private static final Pattern SAFE_PATH = Pattern.compile("[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*"
            + "(?:/[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*)*");

    public ExportFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        if (!SAFE_PATH.matcher(path).matches()) {
            throw new IllegalArgumentException("not a safe relative export path: '" + path + "'");
        }
    }
}
