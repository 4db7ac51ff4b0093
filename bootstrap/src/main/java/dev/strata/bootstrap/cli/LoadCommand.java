package dev.strata.bootstrap.cli;

import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.adapters.sqlite.SearchIndexCompaction;
import dev.strata.adapters.sqlite.WriteGate;
import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.application.retrieval.SearchAdmission;
import dev.strata.bootstrap.bench.BacklogWatch;
import dev.strata.bootstrap.server.ServerSettings;
import dev.strata.bootstrap.bench.LoadGenerator;
import dev.strata.bootstrap.bench.LoadReport;
import dev.strata.bootstrap.bench.LoadTargets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    @Option(names = "--backlog", paramLabel = "ROWS", defaultValue = "0",
            description = "Bulk-import ROWS memories first, then run the clients while the server embeds them in "
                    + "the background; reports the backlog and the index compaction, with a pass/fail column "
                    + "against the targets (0 = off, the default; at most 1000000).")
    int backlog;

    @Option(names = "--drain-timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "With --backlog: how long to wait after the clients stop for the backlog to drain, "
                    + "0..3600 s (default: ${DEFAULT-VALUE}).")
    int drainTimeout;

    /** How often a backlog run compacts the search indexes: far more often than the server's own job. */
    static final Duration COMPACTION_EVERY = Duration.ofSeconds(5);

    @Override
    public Integer call() throws Exception {
        if (clients < 1 || clients > 1_024) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--clients must be in 1..1024");
        }
        if (duration < 1 || duration > 3_600) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--duration must be in 1..3600");
        }
        if (backlog < 0 || backlog > LoadGenerator.Plan.MAX_BACKLOG) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--backlog must be in 0.."
                    + LoadGenerator.Plan.MAX_BACKLOG);
        }
        if (drainTimeout < 0 || drainTimeout > 3_600) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--drain-timeout must be in 0..3600");
        }
        if (url != null) {
            return run(url, Optional.empty());
        }
        Path dir = Files.createTempDirectory("strata-load");
        try {
            StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dir.resolve("data"))
                    .withWorkspaceDir(dir.resolve("workspace"))
                    .with(ServerSettings.on("127.0.0.1", 0));
            try (Strata strata = Strata.start(settings, Clock.systemUTC())) {
                return run(URI.create("http://127.0.0.1:" + strata.port() + "/"), Optional.of(strata));
            }
        } finally {
            BenchCommand.deleteTree(dir);
        }
    }

    /** Runs the clients against {@code target}; {@code embedded} is the server this command started, if it did. */
    private int run(URI target, Optional<Strata> embedded) throws InterruptedException {
        LoadGenerator.Plan plan = new LoadGenerator.Plan(target, clients, Duration.ofSeconds(duration), tenant, seed,
                backlog);
        Consumer<String> progress = line -> System.err.println("load: " + line);
        Optional<BacklogWatch> watch = backlog == 0 ? Optional.empty() : Optional.of(new BacklogWatch(backlog,
                () -> embedded.isPresent() ? pending(embedded.get()) : pendingFromHealth(target),
                embedded.map(s -> {
                    SearchIndexCompaction compaction = new SearchIndexCompaction(s.core().database(),
                            SettingsLoader.fromDefaults().load().search().indexCompactionGrowthPercent());
                    return (Runnable) compaction::compact;
                }), COMPACTION_EVERY, Duration.ofSeconds(drainTimeout), System::nanoTime, progress));
        LoadReport report = new LoadGenerator(plan, System::nanoTime, progress,
                watch.map(w -> (LoadGenerator.Phases) w).orElse(LoadGenerator.Phases.NONE)).run();
        Optional<BacklogWatch.Report> seen = Optional.empty();
        if (watch.isPresent()) {
            progress.accept("clients stopped; waiting up to " + drainTimeout + " s for the backlog to drain");
            seen = Optional.of(watch.get().finish());
        }
        LoadTargets targets = LoadTargets.of(report, seen);
        System.out.println(report.table());
        System.out.println(targets.table());
        embedded.ifPresent(s -> System.out.println(gate(s.core().database().writeGate().stats())));
        embedded.ifPresent(s -> System.out.println(turns(s.core().retrieval().search().admission())));
        embedded.flatMap(s -> s.core().retrieval().worker())
                .ifPresent(w -> System.out.println(share(w.shareStats())));
        if (report.serverErrors() > 0) {
            System.err.println("load: " + report.serverErrors() + " requests got a 5xx or no answer");
            return 1;
        }
        if (!targets.allPass()) {
            System.err.println("load: a target was missed (see the verdict column)");
            return 1;
        }
        return 0;
    }

    /**
     * What the write lock cost the requests, as the server's write gate counted it: separates waiting for
     * background writes from waiting for the CPU, which on a busy machine dominates every latency above.
     */
    static String gate(WriteGate.Stats g) {
        return String.format(java.util.Locale.ROOT, "write lock: %d request writes found it taken (%d timed out), "
                        + "the longest waited %.1f ms, none for more than %d background transaction(s); %d background "
                        + "transactions, the longest %.1f ms, %d deferred for waiting requests, %d retried, %d due (went "
                        + "ahead of waiting requests)%n",
                g.foregroundWaits(), g.foregroundTimeouts(), g.longestForegroundWaitMicros() / 1e3,
                g.mostSlicesOneWriterWaitedFor(), g.slices(), g.longestSliceMicros() / 1e3, g.slicesDeferred(),
                g.sliceRetries(), g.slicesDue());
    }

    /** Whether the embedding worker took its backlog share, and on how many threads at most. */
    static String share(EmbeddingWorker.ShareStats s) {
        return s.batches() == 0 ? "embedding worker: never behind a backlog (yielding to requests, one thread)"
                : String.format(java.util.Locale.ROOT, "embedding worker: %d batches under its backlog share, on at most "
                + "%d threads each", s.batches(), s.mostThreads());
    }

    /** How the searches took turns on the server this command started ({@link SearchAdmission}). */
    static String turns(SearchAdmission admission) {
        SearchAdmission.Stats t = admission.stats();
        if (admission.maxConcurrent() == 0) {
            return "search turns: no bound (strata.search.max-concurrent-per-core 0); " + t.admitted() + " searches";
        }
        return String.format(java.util.Locale.ROOT, "search turns: at most %d at once; %d searches, %d waited for a turn "
                        + "(the longest %.1f ms), %d turned away",
                admission.maxConcurrent(), t.admitted(), t.waited(), t.longestWaitMicros() / 1e3, t.turnedAway());
    }

    /** Memories waiting for embedding on the server this command started; empty without embeddings. */
    private static OptionalLong pending(Strata embedded) {
        return embedded.core().retrieval().worker()
                .map(w -> OptionalLong.of(w.backlog().pending())).orElse(OptionalLong.empty());
    }

    private static final Pattern PENDING = Pattern.compile("\"pending\"\\s*:\\s*(\\d+)");

    /** The same from another server's health JSON (its {@code embeddings} check); empty when it does not tell. */
    private static OptionalLong pendingFromHealth(URI target) {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(target.resolve("/observe/health"))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            Matcher m = PENDING.matcher(r.body());
            return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
        } catch (IOException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }
}
