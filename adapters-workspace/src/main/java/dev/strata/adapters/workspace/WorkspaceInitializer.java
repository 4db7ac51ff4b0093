package dev.strata.adapters.workspace;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.workspace.WorkspaceKind;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code strata setup}: creates the workspace directory with default files. It never overwrites:
 * a file (or symlink) already at a name is kept as it is, so running it on an existing OpenClaw
 * workspace only fills gaps. BOOTSTRAP.md, the first-run script, is written only into a brand-new
 * workspace, since an established one has had its first session already.
 */
public final class WorkspaceInitializer {

    /** The files written, in order; BOOTSTRAP last because it depends on the others' absence. */
    private static final List<WorkspaceKind> TEMPLATES = List.of(WorkspaceKind.SOUL, WorkspaceKind.AGENTS,
            WorkspaceKind.IDENTITY, WorkspaceKind.USER, WorkspaceKind.MEMORY, WorkspaceKind.TOOLS, WorkspaceKind.HEARTBEAT);

    /**
     * What setup did.
     *
     * @param directory the workspace directory
     * @param created   workspace-relative names written (and {@code memory/} when the directory was made)
     * @param kept      names that already existed and were left untouched
     */
    public record Result(Path directory, List<String> created, List<String> kept) {
        public Result {
            Objects.requireNonNull(directory, "directory");
            created = List.copyOf(created);
            kept = List.copyOf(kept);
        }
    }

    private final WorkspaceRoot root;

    public WorkspaceInitializer(Path directory) {
        this.root = new WorkspaceRoot(directory);
    }

    /**
     * Creates what is missing.
     *
     * @throws InvalidInputException when the path exists but is not a directory, or a name escapes it
     * @throws UnavailableException  when the file system refuses (permissions, full disk)
     */
    public Result initialize() {
        Path directory = root.directory();
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new InvalidInputException("workspace", directory + " exists and is not a directory");
        }
        try {
            Files.createDirectories(directory);
            boolean brandNew = isBrandNew();
            List<String> created = new ArrayList<>();
            List<String> kept = new ArrayList<>();
            for (WorkspaceKind kind : TEMPLATES) {
                Optional<String> existing = existingName(kind);
                if (existing.isPresent()) {
                    kept.add(existing.get());
                } else {
                    write(kind.fileName(), created, kept);
                }
            }
            if (brandNew) {
                write(WorkspaceKind.BOOTSTRAP.fileName(), created, kept);
            }
            Path notes = root.resolveForCreate(WorkspaceKind.DAILY_NOTE_DIRECTORY);
            if (Files.exists(notes, LinkOption.NOFOLLOW_LINKS)) {
                kept.add(WorkspaceKind.DAILY_NOTE_DIRECTORY + "/");
            } else {
                Files.createDirectory(notes);
                created.add(WorkspaceKind.DAILY_NOTE_DIRECTORY + "/");
            }
            return new Result(directory, created, kept);
        } catch (WorkspacePathException escape) {
            throw new InvalidInputException("workspace", escape.getMessage());
        } catch (IOException e) {
            throw new UnavailableException("cannot set up the workspace at " + directory + ": " + e.getMessage(), e);
        }
    }

    /** No workspace file of any kind yet, and no daily notes: nobody has used this workspace. */
    private boolean isBrandNew() throws IOException {
        for (WorkspaceKind kind : WorkspaceKind.rootFiles()) {
            if (existingName(kind).isPresent()) {
                return false;
            }
        }
        return !Files.exists(root.resolveForCreate(WorkspaceKind.DAILY_NOTE_DIRECTORY), LinkOption.NOFOLLOW_LINKS);
    }

    /** The name under which the kind already exists (its alternates count: a {@code memory.md} is MEMORY). */
    private Optional<String> existingName(WorkspaceKind kind) throws IOException {
        List<String> names = new ArrayList<>();
        names.add(kind.fileName());
        names.addAll(kind.alternateNames());
        for (String name : names) {
            if (Files.exists(root.resolveForCreate(name), LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    private void write(String name, List<String> created, List<String> kept) throws IOException {
        Path target = root.resolveForCreate(name);
        // CREATE_NEW fails on any existing entry, a symlink included, so nothing is ever overwritten
        // or written through a link, even if the file appeared after the existence check.
        try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(template(name));
            created.add(name);
        } catch (FileAlreadyExistsException raced) {
            kept.add(name);
        }
    }

    static byte[] template(String name) {
        try (InputStream in = WorkspaceInitializer.class.getResourceAsStream("templates/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing bundled template " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
