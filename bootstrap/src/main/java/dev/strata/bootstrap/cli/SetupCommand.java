package dev.strata.bootstrap.cli;

import dev.strata.adapters.workspace.WorkspaceInitializer;
import dev.strata.bootstrap.SettingsLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code strata setup}: creates the workspace with default files. It never overwrites, so running
 * it on an existing (OpenClaw) workspace only fills the gaps and reports what it kept.
 */
@Command(name = "setup", mixinStandardHelpOptions = true,
        description = "Create the workspace directory with default files; existing files are kept as they are.")
public final class SetupCommand implements Callable<Integer> {

    @Option(names = "--workspace", paramLabel = "DIR",
            description = "Workspace directory (default: ~/.strata/workspace, or STRATA_WORKSPACE).")
    Path workspace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path dir = workspace != null ? workspace : SettingsLoader.fromDefaults().load().workspace().directory();
        WorkspaceInitializer.Result result = new WorkspaceInitializer(dir).initialize();
        PrintWriter out = spec.commandLine().getOut();
        out.printf("strata: workspace %s%n", result.directory());
        result.created().forEach(name -> out.printf("  created  %s%n", name));
        result.kept().forEach(name -> out.printf("  kept     %s%n", name));
        if (result.created().isEmpty()) {
            out.println("nothing to do: every default file already exists.");
        }
        out.flush();
        return 0;
    }
}
