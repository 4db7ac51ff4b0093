package dev.strata.bootstrap.cli;

import dev.strata.adapters.sqlite.SqliteInstanceIdentity;
import dev.strata.adapters.sqlite.SqliteMethodologyStore;
import dev.strata.adapters.sqlite.SqlitePreferenceStore;
import dev.strata.adapters.sqlite.SqliteRoleMemoryStore;
import dev.strata.adapters.sqlite.SqliteTradeStore;
import dev.strata.application.export.ExportBundle;
import dev.strata.application.export.ExportFile;
import dev.strata.application.export.ExportOptions;
import dev.strata.application.export.MarkdownExport;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code strata export}: spec 01's markdown export of one tenant's learned memory (methodologies, active
 * preferences, reflected role-memory decisions as trade cases, compiled asset pages) under
 * {@code <data-dir>/exports/<timestamp>/} by default: outside the workspace and any sandbox a model's
 * file tools read, so a prompt-injected memory cannot read the export back. Never writes into a
 * non-empty directory.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export a tenant's learned memory as markdown (index, methodologies, preferences, trade cases, "
                + "asset pages) under <data-dir>/exports/<timestamp>/.")
public final class ExportCommand implements Callable<Integer> {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    KeysCommand.DataDir dataDir;

    @Option(names = "--tenant", paramLabel = "T", defaultValue = "default", description = "The tenant (default: ${DEFAULT-VALUE}).")
    String tenant;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: <data-dir>/exports/<timestamp>); "
            + "must not exist or be empty.")
    Path out;

    @Option(names = "--include-constraints", description = "Export hard_constraint preferences too (left out by "
            + "default, from their files and from the asset pages).")
    boolean includeConstraints;

    @Option(names = "--sign", description = "Write signature.txt: an HMAC-SHA256 per file under the instance key "
            + "(kept in the database; only its fingerprint is written).")
    boolean sign;

    @Override
    public Integer call() {
        Tenant t;
        try {
            t = Tenant.of(tenant);
        } catch (InvalidInputException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tenant " + e.reason());
        }
        Clock clock = Clock.systemUTC();
        StrataSettings settings = dataDir.settings();
        Path target = out != null ? out : settings.storage().dataDir().resolve("exports").resolve(STAMP.format(clock.instant()));
        requireEmpty(target);
        try (StrataCore core = StrataCore.open(settings, clock)) {
            ExportBundle bundle = markdownExport(core, clock).export(t, new ExportOptions(includeConstraints, sign),
                    KeysCommand.operator());
            write(target, bundle);
            spec.commandLine().getOut().printf("exported %d methodologies, %d preferences (%d hard constraints left out), "
                            + "%d trade cases, %d asset pages%s to %s%n", bundle.methodologies(), bundle.preferences(),
                    bundle.leftOutConstraints(), bundle.tradeCases(), bundle.assets(),
                    sign ? ", signed (instance " + bundle.instanceId() + ")" : "", target.toAbsolutePath());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    /** The export use case over the data directory's stores, the role registry, compiled pages and the vault's scrubber. */
    public static MarkdownExport markdownExport(StrataCore core, Clock clock) {
        var db = core.database();
        return new MarkdownExport(new SqliteMethodologyStore(db), new SqlitePreferenceStore(db), new SqliteTradeStore(db),
                new SqliteRoleMemoryStore(db), core.role().registry(),
                (tenant, asset, hard) -> core.learning().pages().page(tenant, asset, hard).markdown(),
                new SqliteInstanceIdentity(db), core.access().vault().scrubber(), core.access().auditLog(), clock);
    }

    private static void requireEmpty(Path target) {
        if (Files.isDirectory(target)) {
            try (Stream<Path> entries = Files.list(target)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalStateException(target.toAbsolutePath() + " is not empty; choose another --out");
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + target.toAbsolutePath(), e);
            }
        } else if (Files.exists(target)) {
            throw new IllegalStateException(target.toAbsolutePath() + " exists and is not a directory");
        }
    }

    private static void write(Path target, ExportBundle bundle) {
        try {
            for (ExportFile file : bundle.files()) {
                Path path = target.resolve(file.path()).normalize();
                if (!path.startsWith(target.normalize())) {
                    throw new IllegalStateException("export path escapes the target: " + file.path());
                }
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.text(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the export to " + target.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }
}
