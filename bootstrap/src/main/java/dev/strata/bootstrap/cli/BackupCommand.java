package dev.strata.bootstrap.cli;

import dev.strata.adapters.sqlite.SqliteBackup;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code strata backup FILE}: a consistent copy of the database, taken while the server keeps running. */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = "Copy the database to FILE while the server runs (a consistent snapshot; "
                + "writes continue during the copy).")
public final class BackupCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "Where to write the backup.")
    Path file;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
    Path dataDir;

    @Option(names = "--force", description = "Overwrite FILE if it exists.")
    boolean force;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        SqliteBackup.Summary summary = SqliteBackup.backup(databaseFile(dataDir), file, force);
        spec.commandLine().getOut().printf("strata: backed up %d memories (schema version %d, %d bytes) to %s%n",
                summary.memories(), summary.schemaVersion(), summary.bytes(), summary.file());
        spec.commandLine().getOut().flush();
        return 0;
    }

    static Path databaseFile(Path dataDir) {
        StrataSettings settings = SettingsLoader.fromDefaults().load();
        return (dataDir == null ? settings : settings.withDataDir(dataDir)).storage().databaseFile();
    }
}
