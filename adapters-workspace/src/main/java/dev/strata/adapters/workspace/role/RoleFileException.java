package dev.strata.adapters.workspace.role;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A role file that cannot be used, said in one line naming the file and the field
 * ({@code roles/valuation.yaml: roles[0].reflectionPolicy.cronExpr: invalid cron expression ...}),
 * so start-up can stop with exactly that line.
 */
public final class RoleFileException extends RuntimeException {

    private final Path file;
    private final String field;

    public RoleFileException(Path file, String field, String reason) {
        super(file + ": " + field + ": " + oneLine(reason));
        this.file = Objects.requireNonNull(file, "file");
        this.field = Objects.requireNonNull(field, "field");
    }

    public Path file() {
        return file;
    }

    public String field() {
        return field;
    }

    private static String oneLine(String text) {
        return text == null ? "(no detail)" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
