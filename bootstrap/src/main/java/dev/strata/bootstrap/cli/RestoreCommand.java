package dev.strata.bootstrap.cli;

import dev.strata.adapters.sqlite.SqliteBackup;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code strata restore FILE}: replaces the database with a backup, only while nothing has it open. */
@Command(name = "restore", mixinStandardHelpOptions = true,
        description = "Replace the database with the backup FILE. Refused while a server or command has the "
                + "database open; the backup must pass SQLite's integrity check first.")
public final class RestoreCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The backup to restore.")
    Path file;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
    Path dataDir;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        SqliteBackup.Summary summary = SqliteBackup.restore(file, BackupCommand.databaseFile(dataDir));
        spec.commandLine().getOut().printf("strata: restored %d memories (schema version %d) into %s%n",
                summary.memories(), summary.schemaVersion(), summary.file());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
