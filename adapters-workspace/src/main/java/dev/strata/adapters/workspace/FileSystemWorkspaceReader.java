package dev.strata.adapters.workspace;

import dev.strata.domain.workspace.DailyNotes;
import dev.strata.domain.workspace.WorkspaceKind;
import dev.strata.domain.workspace.WorkspaceLimits;
import dev.strata.domain.workspace.WorkspaceNotice;
import dev.strata.domain.workspace.WorkspaceReader;
import dev.strata.domain.workspace.WorkspaceRead;
import dev.strata.domain.workspace.WorkspaceReadBuilder;
import dev.strata.domain.workspace.WorkspaceSource;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads an OpenClaw/Hermes workspace directory: the root files of {@link WorkspaceKind} and
 * {@code memory/YYYY-MM-DD.md} for the days of the window ending today by the injected clock
 * (in the clock's zone). Missing files are simply absent; escaping paths, odd files and I/O
 * errors become notices. Every notice is logged once per load.
 */
public final class FileSystemWorkspaceReader implements WorkspaceReader {

    private static final System.Logger LOG = System.getLogger(FileSystemWorkspaceReader.class.getName());

    private final WorkspaceRoot root;
    private final WorkspaceLimits limits;
    private final Clock clock;
    private final CappedFileReader files;
    private final WorkspaceReadBuilder builder;

    public FileSystemWorkspaceReader(Path directory, WorkspaceLimits limits, Clock clock) {
        this.root = new WorkspaceRoot(directory);
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.files = new CappedFileReader(limits.maxFileBytes());
        this.builder = new WorkspaceReadBuilder(limits);
    }

    @Override
    public WorkspaceRead load() {
        LocalDate today = LocalDate.now(clock);
        String location = root.directory().toString();
        if (!root.exists()) {
            WorkspaceNotice missing = new WorkspaceNotice(WorkspaceNotice.Type.WORKSPACE_MISSING, ".",
                    "no workspace directory at " + location + "; run `strata setup` to create one");
            LOG.log(Level.INFO, missing.describe());
            return WorkspaceRead.empty(location, today, List.of(missing));
        }
        List<WorkspaceSource> sources = new ArrayList<>();
        List<WorkspaceNotice> notices = new ArrayList<>();
        for (WorkspaceKind kind : WorkspaceKind.rootFiles()) {
            readRootFile(kind, notices).ifPresent(sources::add);
        }
        for (LocalDate date : DailyNotes.window(today, limits.dailyNoteDays())) {
            read(WorkspaceKind.DAILY_NOTE, DailyNotes.relativePath(date), Optional.of(date), notices).ifPresent(sources::add);
        }
        WorkspaceRead snapshot = builder.build(location, today, sources, notices);
        snapshot.notices().forEach(FileSystemWorkspaceReader::log);
        return snapshot;
    }

    /** The kind's file name, else its first alternate name that exists (OpenClaw's {@code memory.md}). */
    private Optional<WorkspaceSource> readRootFile(WorkspaceKind kind, List<WorkspaceNotice> notices) {
        List<String> names = new ArrayList<>();
        names.add(kind.fileName());
        names.addAll(kind.alternateNames());
        for (String name : names) {
            int before = notices.size();
            Optional<WorkspaceSource> source = read(kind, name, Optional.empty(), notices);
            if (source.isPresent() || notices.size() > before) {
                return source;
            }
        }
        return Optional.empty();
    }

    private Optional<WorkspaceSource> read(WorkspaceKind kind, String relativePath, Optional<LocalDate> date,
                                           List<WorkspaceNotice> notices) {
        try {
            Optional<Path> file = root.resolveExisting(relativePath);
            if (file.isEmpty()) {
                return Optional.empty();
            }
            if (!Files.isRegularFile(file.get())) {
                notices.add(new WorkspaceNotice(WorkspaceNotice.Type.NOT_A_REGULAR_FILE, relativePath,
                        "not a regular file; skipped"));
                return Optional.empty();
            }
            CappedFileReader.Read read = files.read(file.get());
            return Optional.of(new WorkspaceSource(kind, relativePath, date, read.text(), read.sizeBytes(),
                    read.byteCapped(), read.malformed()));
        } catch (WorkspacePathException escape) {
            notices.add(new WorkspaceNotice(WorkspaceNotice.Type.PATH_ESCAPE, relativePath,
                    escape.reason() + "; refused"));
        } catch (IOException e) {
            notices.add(new WorkspaceNotice(WorkspaceNotice.Type.UNREADABLE, relativePath, "cannot be read: " + e));
        }
        return Optional.empty();
    }

    private static void log(WorkspaceNotice notice) {
        LOG.log(Level.WARNING, "workspace: " + notice.describe());
    }
}
