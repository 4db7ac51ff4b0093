package dev.strata.bootstrap.cli;

import dev.strata.application.graph.EdgeReplay;
import dev.strata.application.role.RoleEdgeReplay;
import dev.strata.bootstrap.StrataCore;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/**
 * {@code strata edges}: maintenance of the typed memory edges on the data directory directly.
 * {@code rebuild} is spec 01's doctor --fix "edges" action: replay the deterministic extractor over
 * every stored memory and every {@code role_memory} row (decision text and asset); idempotent (the UNIQUE key skips what is stored), never deletes a row.
 */
@Command(name = "edges", mixinStandardHelpOptions = true,
        description = "Typed memory edges: replay the extractor over stored memories and role-memory entries.",
        subcommands = {EdgesCommand.Rebuild.class})
public final class EdgesCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: rebuild");
    }

    @Command(name = "rebuild", mixinStandardHelpOptions = true,
            description = "Replay the edge extractor over every stored memory and role-memory entry and add the missing edges "
                    + "(a second run adds none).")
    static final class Rebuild implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        KeysCommand.DataDir dataDir;

        @Override
        public Integer call() {
            try (StrataCore core = dataDir.open()) {
                EdgeReplay replay = core.memory().entities().rebuildEdges();
                spec.commandLine().getOut().printf("replayed %d memories: %d edges added%n", replay.memories(),
                        replay.added());
                RoleEdgeReplay.Result roles = core.role().edgeReplay().run();
                spec.commandLine().getOut().printf("replayed %d role-memory entries: %d edges added%n", roles.entries(),
                        roles.added());
                spec.commandLine().getOut().flush();
                return 0;
            }
        }
    }
}
