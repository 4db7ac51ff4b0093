package dev.strata.bootstrap.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code strata} command: a memory service for AI agents. */
@Command(name = "strata",
        mixinStandardHelpOptions = true,
        versionProvider = StrataCommand.Version.class,
        description = "Strata: a memory service for AI agents on one embedded SQLite file.",
        subcommands = {ServeCommand.class, McpCommand.class, SetupCommand.class, KeysCommand.class, FactsCommand.class,
                BenchCommand.class, BackupCommand.class, RestoreCommand.class, ReindexCommand.class, EvalCommand.class,
                EdgesCommand.class, RoleCommands.Reflect.class, RoleCommands.RecallRole.class, ProfileCommand.class,
                ConfigCommand.class, DoctorCommand.class, ExportCommand.class, ImportCommand.class,
                CommandLine.HelpCommand.class})
public final class StrataCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (try 'strata help')");
    }

    public static CommandLine commandLine() {
        return new CommandLine(new StrataCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler((ex, cli, parseResult) -> {
                    cli.getErr().println("strata: " + ex.getMessage());
                    return 1;
                });
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = StrataCommand.class.getPackage().getImplementationVersion();
            return new String[] {"strata " + (v == null ? "development build" : v)};
        }
    }
}
