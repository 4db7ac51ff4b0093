package dev.strata.bootstrap.cli;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.bench.PromptBenchmark;
import dev.strata.bootstrap.bench.PromptReport;
import dev.strata.domain.memory.Tenant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

/**
 * {@code strata bench prompt}: per model call, the prompt tokens a provider's prefix cache could
 * serve, for Strata's frozen snapshot against retrieve-and-concatenate, on a temporary database.
 */
@Command(name = "prompt", mixinStandardHelpOptions = true,
        description = "Simulate agent sessions that write memories mid-session and report, per model call, the "
                + "prompt tokens that are a byte-identical prefix of the previous call's prompt (cacheable): Strata's "
                + "frozen snapshot against injecting the top-k search results on every call.")
public final class PromptCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--sessions", paramLabel = "N", defaultValue = "5",
            description = "Sessions, one after another, 1..100 (default: ${DEFAULT-VALUE}).")
    int sessions;

    @Option(names = "--turns", paramLabel = "N", defaultValue = "20",
            description = "User turns per session, 1..500 (default: ${DEFAULT-VALUE}).")
    int turns;

    @Option(names = "--write-every", paramLabel = "N", defaultValue = "3",
            description = "The agent writes a memory every N turns, 1..500 (default: ${DEFAULT-VALUE}).")
    int writeEvery;

    @Option(names = "--memories", paramLabel = "N", defaultValue = "200",
            description = "Memories in the tenant before the first session, 0..100000 (default: ${DEFAULT-VALUE}).")
    int memories;

    @Option(names = "-k", paramLabel = "K", defaultValue = "10",
            description = "Search results the retrieve-and-concatenate baselines inject per call, 1..100 "
                    + "(default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed of the synthetic data.")
    long seed;

    @Option(names = "--json", description = "Print one JSON object (cacheable_share, the approaches, every call).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        check(sessions, 1, 100, "--sessions");
        check(turns, 1, 500, "--turns");
        check(writeEvery, 1, 500, "--write-every");
        check(memories, 0, 100_000, "--memories");
        check(k, 1, 100, "-k");
        Path dir = Files.createTempDirectory("strata-bench-prompt");
        try {
            Path workspace = dir.resolve("workspace");
            PromptBenchmark.writeWorkspace(workspace);
            StrataSettings defaults = SettingsLoader.fromDefaults().load();
            // The baselines' search is the keyword arm: the prompt's shape, not the ranking, is what is measured.
            StrataSettings settings = defaults.with(defaults.embedding().withProvider(EmbeddingProvider.DISABLED))
                    .withDataDir(dir.resolve("data")).withWorkspaceDir(workspace);
            PromptBenchmark bench = new PromptBenchmark(
                    new PromptBenchmark.Options(sessions, turns, writeEvery, memories, k, seed),
                    line -> System.err.println("bench prompt: " + line));
            PromptBenchmark.Result result;
            try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
                result = bench.run(core, Tenant.of("bench"));
            }
            System.out.println(json ? PromptReport.json(result) : PromptReport.table(result));
            return 0;
        } finally {
            BenchCommand.deleteTree(dir);
        }
    }

    private void check(int value, int min, int max, String option) {
        if (value < min || value > max) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " must be in " + min + ".." + max);
        }
    }
}
