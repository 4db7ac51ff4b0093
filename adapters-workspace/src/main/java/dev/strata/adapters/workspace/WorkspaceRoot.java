package dev.strata.adapters.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The one way this adapter turns a workspace-relative name into a file: every path must stay
 * inside the root after {@code ..} is resolved and after every symlink is followed. The root
 * itself may be a symlink (pointing Strata at an existing OpenClaw workspace is the point); what
 * counts is its real location.
 */
public final class WorkspaceRoot {

    /** Where the workspace lives unless configured otherwise: {@code ~/.strata/workspace}. */
    public static final String DEFAULT_LOCATION = "~/.strata/workspace";

    private final Path directory;

    /**
     * A configured workspace location as a path: {@code ~} and {@code ~/...} are taken relative
     * to {@code userHome} (a shell would do that, a YAML file or an environment variable does not).
     */
    public static Path locate(String configured, Path userHome) {
        String trimmed = configured.strip();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("workspace location must not be empty");
        }
        if (trimmed.equals("~")) {
            return userHome;
        }
        if (trimmed.startsWith("~/")) {
            return userHome.resolve(trimmed.substring(2));
        }
        return Path.of(trimmed);
    }

    public WorkspaceRoot(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory").toAbsolutePath().normalize();
    }

    public Path directory() {
        return directory;
    }

    public boolean exists() {
        return Files.isDirectory(directory);
    }

    /**
     * The real path of an existing workspace file, or empty when there is nothing at that name
     * (a missing file, or a dangling symlink).
     *
     * @throws WorkspacePathException when the name or a symlink on its way leads outside the root
     * @throws IOException            when the file system cannot answer
     */
    public Optional<Path> resolveExisting(String relativePath) throws IOException {
        Path candidate = lexicallyInside(relativePath);
        if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Path real;
        try {
            real = candidate.toRealPath();
        } catch (NoSuchFileException dangling) {
            return Optional.empty();
        }
        if (!real.startsWith(directory.toRealPath())) {
            throw new WorkspacePathException(relativePath, "resolves outside the workspace (to " + real + ")");
        }
        return Optional.of(real);
    }

    /**
     * Where a new file of that name goes: inside the root by name, in a parent directory that is
     * itself inside the root. The caller creates it without following a link at the last step.
     */
    public Path resolveForCreate(String relativePath) throws IOException {
        Path candidate = lexicallyInside(relativePath);
        Path parent = candidate.getParent();
        if (Files.exists(parent) && !parent.toRealPath().startsWith(directory.toRealPath())) {
            throw new WorkspacePathException(relativePath, "its directory resolves outside the workspace");
        }
        return candidate;
    }

    private Path lexicallyInside(String relativePath) throws WorkspacePathException {
        if (relativePath.isBlank() || relativePath.indexOf('\0') >= 0 || relativePath.contains("\\")) {
            throw new WorkspacePathException(relativePath, "is not a workspace-relative path");
        }
        Path relative = Path.of(relativePath);
        if (relative.isAbsolute()) {
            throw new WorkspacePathException(relativePath, "is absolute; workspace paths are relative to the root");
        }
        Path candidate = directory.resolve(relative).normalize();
        if (!candidate.startsWith(directory) || candidate.equals(directory)) {
            throw new WorkspacePathException(relativePath, "leaves the workspace");
        }
        return candidate;
    }
}
