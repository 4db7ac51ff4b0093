package dev.strata.bootstrap.cli;

import dev.strata.adapters.sqlite.SqliteInstanceIdentity;
import dev.strata.application.export.ExportFile;
import dev.strata.application.export.ImportOptions;
import dev.strata.application.export.ImportReport;
import dev.strata.application.export.MarkdownImport;
import dev.strata.bootstrap.StrataCore;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.safety.PromptInjectionScanner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code strata import DIR}: spec 01's markdown import of a tree {@code strata export} wrote, through the
 * signed channel A (this instance's signature, the same tenant) or the unsigned channel B. A dry run
 * unless {@code --apply}. Hard constraints need {@code --approve-hard-constraints} in an interactive
 * terminal ({@code STRATA_NON_INTERACTIVE=1} always refuses them) and still land proposed.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import methodologies and preferences from a strata export tree (dry run unless --apply).")
public final class ImportCommand implements Callable<Integer> {

    /** Larger files are not an export's: refused before they are read. */
    static final long MAX_FILE_BYTES = 1 << 20;
    static final int MAX_FILES = 100_000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "The export's directory (the one holding index.md).")
    Path dir;

    @CommandLine.Mixin
    KeysCommand.DataDir dataDir;

    @Option(names = "--tenant", paramLabel = "T", defaultValue = "default", description = "The tenant (default: ${DEFAULT-VALUE}).")
    String tenant;

    @Option(names = "--apply", description = "Write (without: say what would be done; nothing is written).")
    boolean apply;

    @Option(names = "--approve-hard-constraints", description = "Accept hard_constraint preferences (interactive "
            + "terminal only); they land proposed, never active.")
    boolean approveHardConstraints;

    @Override
    public Integer call() {
        Tenant t;
        try {
            t = Tenant.of(tenant);
        } catch (InvalidInputException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tenant " + e.reason());
        }
        if (!Files.isDirectory(dir)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "DIR: " + dir + " is not a directory");
        }
        List<ExportFile> files = read(dir);
        PrintWriter out = spec.commandLine().getOut();
        Clock clock = Clock.systemUTC();
        try (StrataCore core = StrataCore.open(dataDir.settings(), clock)) {
            ImportReport report = new MarkdownImport(core.learning().methodologies(), core.learning().preferences(),
                    new SqliteInstanceIdentity(core.database()), new PromptInjectionScanner(), core.access().auditLog(),
                    clock).run(t, files, new ImportOptions(apply, approveHardConstraints, interactive()),
                    KeysCommand.operator());
            out.printf("%s: %s bundle, %d files considered, %d not imported%n", apply ? "import" : "import dry run",
                    report.signedBundle() ? "signed (channel A where a file verifies)" : "unsigned (channel B)",
                    report.files().size(), report.ignored());
            for (ImportReport.FileResult f : report.files()) {
                out.printf("  %s [%s] %s: %s%n", f.path(), f.channel(), f.outcome(), f.detail());
            }
            out.flush();
            return report.files().stream().anyMatch(f -> f.outcome().equals("rejected")) ? 1 : 0;
        }
    }

    /** A person at a terminal; {@code STRATA_NON_INTERACTIVE=1} (scripts, CI) never counts as one. */
    private static boolean interactive() {
        return System.console() != null && !"1".equals(System.getenv("STRATA_NON_INTERACTIVE"));
    }

    /** The tree's regular files with export-shaped paths, as UTF-8 text; other paths are left out. */
    private static List<ExportFile> read(Path root) {
        List<ExportFile> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all.filter(Files::isRegularFile).sorted()::iterator) {
                if (files.size() >= MAX_FILES) {
                    throw new IllegalStateException(root + " holds more than " + MAX_FILES + " files; not an export");
                }
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (Files.size(p) > MAX_FILE_BYTES) {
                    throw new IllegalStateException(rel + " is larger than " + MAX_FILE_BYTES + " bytes; not an export's");
                }
                try {
                    String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(p)))
                            .toString();
                    files.add(new ExportFile(rel, text));
                } catch (CharacterCodingException | IllegalArgumentException notAnExportFile) {
                    // Not UTF-8 or not an export-shaped path: nothing the import would take.
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + root + ": " + e.getMessage(), e);
        }
        return files;
    }
}
