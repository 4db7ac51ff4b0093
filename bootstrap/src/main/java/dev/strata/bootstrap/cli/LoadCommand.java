package dev.strata.bootstrap.cli;

import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.bootstrap.bench.LoadGenerator;
import dev.strata.bootstrap.bench.LoadReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code strata bench load}: N concurrent clients for a bounded time against an embedded server
 * on a temporary data directory (or {@code --url}); exits 1 when any request got a 5xx or no answer.
 */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = "Concurrent clients with a mix of writes, searches, snapshots and deletes; "
                + "prints throughput and p50/p95/p99 per operation.")
public final class LoadCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "32",
            description = "Concurrent clients, 1..1024 (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "20",
            description = "How long the clients run, 1..3600 s (default: ${DEFAULT-VALUE}).")
    int duration;

    @Option(names = "--url", paramLabel = "URL",
            description = "A running Strata to load (default: start one on a temporary data directory).")
    URI url;

    @Option(names = "--tenant", paramLabel = "T", defaultValue = "load",
            description = "Tenant the load writes to (default: ${DEFAULT-VALUE}).")
    String tenant;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the synthetic corpus.")
    long seed;

    @Override
    public Integer call() throws Exception {
        if (clients < 1 || clients > 1_024) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--clients must be in 1..1024");
        }
        if (duration < 1 || duration > 3_600) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--duration must be in 1..3600");
        }
        if (url != null) {
            return report(run(url));
        }
        Path dir = Files.createTempDirectory("strata-load");
        try {
            StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dir.resolve("data"))
                    .withWorkspaceDir(dir.resolve("workspace"))
                    .with(ServerSettings.on("127.0.0.1", 0));
            try (Strata strata = Strata.start(settings, Clock.systemUTC())) {
                return report(run(URI.create("http://127.0.0.1:" + strata.port() + "/")));
            }
        } finally {
            BenchCommand.deleteTree(dir);
        }
    }

    private LoadReport run(URI target) throws InterruptedException {
        LoadGenerator.Plan plan = new LoadGenerator.Plan(target, clients, Duration.ofSeconds(duration), tenant, seed);
        return new LoadGenerator(plan, System::nanoTime, line -> System.err.println("load: " + line)).run();
    }

    private static int report(LoadReport report) {
        System.out.println(report.table());
        if (report.serverErrors() > 0) {
            System.err.println("load: " + report.serverErrors() + " requests got a 5xx or no answer");
            return 1;
        }
        return 0;
    }
}
