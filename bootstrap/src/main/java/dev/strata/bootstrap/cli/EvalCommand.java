package dev.strata.bootstrap.cli;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.application.retrieval.RetrievalMode;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.eval.EvalReport;
import dev.strata.bootstrap.eval.FloorSweep;
import dev.strata.bootstrap.eval.Locomo;
import dev.strata.bootstrap.eval.LocomoEvaluation;
import dev.strata.domain.retrieval.TimeLift;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code strata eval}: retrieval quality on public benchmarks, through the real write and search paths. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Measure retrieval quality on a benchmark file.",
        subcommands = {EvalCommand.LocomoCommand.class})
public final class EvalCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a benchmark is required: locomo");
    }

    @Command(name = "locomo", mixinStandardHelpOptions = true,
            description = "Recall@5/10/25/50 per category and overall, and query latency, on a LoCoMo-format file "
                    + "(one tenant per conversation, one memory per turn), for each retrieval mode.")
    static final class LocomoCommand implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The LoCoMo-format JSON file.")
        Path file;

        @Option(names = "--modes", split = ",", paramLabel = "MODE[,MODE...]", defaultValue = "bm25,vector,hybrid",
                description = "Retrieval modes to compare: bm25, vector, hybrid (default: ${DEFAULT-VALUE}).")
        List<String> modes;

        @Option(names = "--json", description = "Print one JSON object instead of the table.")
        boolean json;

        @Option(names = "--embedding-provider", paramLabel = "P",
                description = "Embed with this provider instead of the configured one: local, openai or disabled.")
        String provider;

        @Option(names = "--limit-conversations", paramLabel = "N",
                description = "Only the first N conversations.")
        Integer limitConversations;

        @Option(names = "--vector-min-similarity", split = ",", paramLabel = "F[,F...]",
                description = "Instead of comparing modes: hybrid recall for each of these floors of the vector arm's "
                        + "best match crossed with each --vector-similarity-window (the first pair is the baseline, "
                        + "normally 0 and 2), the rows unrelated probe queries get, and the setting a "
                        + "leave-one-conversation-out choice settles on.")
        List<Double> floors;

        @Option(names = "--vector-solo-min-similarity", split = ",", paramLabel = "S[,S...]",
                description = "With --vector-min-similarity: the floor of the best match when the keyword arm found "
                        + "nothing (default: each floor itself); floors above it are skipped.")
        List<Double> solos;

        @Option(names = "--vector-similarity-window", split = ",", paramLabel = "W[,W...]",
                description = "With --vector-min-similarity: how far below its best match the vector arm keeps rows "
                        + "(default: 2, every row).")
        List<Double> windows;

        @Option(names = "--time-lift", split = ",", paramLabel = "W[,W...]",
                description = "Instead of comparing modes: recall per category in the first of --modes at each weight "
                        + "of the time lift of a question's own time words (the first weight is the baseline, normally "
                        + "0), and the held-out figure of a leave-one-conversation-out choice of the weight.")
        List<Double> timeLifts;

        /** Every floor with every solo floor (not below it) and every window, floors outermost. */
        private List<FloorSweep.Point> points() {
            List<Double> ws = windows == null || windows.isEmpty() ? List.of(2.0) : windows;
            if (floors.stream().anyMatch(f -> !(f >= 0 && f < 1))) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--vector-min-similarity: each floor must be in [0, 1)");
            }
            if (solos != null && solos.stream().anyMatch(f -> !(f >= 0 && f < 1))) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--vector-solo-min-similarity: each floor must be in [0, 1)");
            }
            if (ws.stream().anyMatch(w -> !(w > 0 && w <= 2))) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--vector-similarity-window: each window must be in (0, 2]");
            }
            List<FloorSweep.Point> points = new java.util.ArrayList<>();
            for (double f : floors) {
                List<Double> ss = solos == null || solos.isEmpty() ? List.of(f)
                        : solos.stream().map(x -> x == 0 ? f : x).filter(x -> x >= f).distinct().toList();
                for (double solo : ss) {
                    for (double w : ws) {
                        points.add(new FloorSweep.Point(f, solo, w));
                    }
                }
            }
            return points;
        }

        private EmbeddingProvider providerOption() {
            try {
                return EmbeddingProvider.fromConfigName(provider.strip());
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--embedding-provider: " + e.getMessage());
            }
        }

        @Override
        public Integer call() throws IOException {
            List<RetrievalMode> chosen;
            try {
                chosen = modes.stream().map(String::strip).map(RetrievalMode::fromConfigName).distinct().toList();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--modes: " + e.getMessage());
            }
            if (limitConversations != null && limitConversations < 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--limit-conversations must be at least 1");
            }
            if (!Files.isRegularFile(file)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "FILE: no such file: " + file);
            }
            if (provider != null) {
                providerOption();
            }
            List<FloorSweep.Point> sweep = floors == null || floors.isEmpty() ? List.of() : points();
            List<Locomo.Conversation> conversations = Locomo.read(file);
            if (limitConversations != null && limitConversations < conversations.size()) {
                conversations = conversations.subList(0, limitConversations);
            }
            Path dir = Files.createTempDirectory("strata-eval");
            StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dir);
            // Each query's embedding is timed as the model's work, not a cache hit.
            settings = settings.with(settings.embedding().withoutQueryCache());
            if (provider != null) {
                settings = settings.with(settings.embedding().withProvider(providerOption()));
            }
            if (timeLifts != null && timeLifts.stream().anyMatch(w -> !(w >= 0 && w <= TimeLift.MAX_WEIGHT))) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--time-lift: each weight must be in [0, " + (int) TimeLift.MAX_WEIGHT + "]");
            }
            try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
                LocomoEvaluation evaluation = new LocomoEvaluation(core.memory().memories(), core.retrieval().search(),
                        core.retrieval().worker(), line -> spec.commandLine().getErr().println("eval: " + line));
                if (timeLifts != null && !timeLifts.isEmpty()) {
                    spec.commandLine().getOut().println(evaluation.sweepTimeLift(conversations, timeLifts,
                            chosen.getFirst()).table());
                    return 0;
                }
                if (!sweep.isEmpty()) {
                    spec.commandLine().getOut().println(evaluation.sweepFloors(conversations, sweep).table());
                    return 0;
                }
                EvalReport report = evaluation.run(conversations, chosen);
                spec.commandLine().getOut().println(json ? report.json() : report.table());
                return 0;
            } catch (IllegalStateException e) {
                spec.commandLine().getErr().println("strata eval: " + e.getMessage());
                return 1;
            } finally {
                BenchCommand.deleteTree(dir);
            }
        }
    }
}
