package dev.strata.bootstrap.cli;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.application.retrieval.HybridSearchService;
import dev.strata.application.retrieval.RetrievalMode;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.eval.EvalReport;
import dev.strata.bootstrap.eval.FloorSweep;
import dev.strata.bootstrap.eval.Locomo;
import dev.strata.bootstrap.eval.LocomoEvaluation;
import dev.strata.bootstrap.eval.RankingsFile;
import dev.strata.domain.retrieval.AnswerLift;
import dev.strata.domain.retrieval.FusionSettings;
import dev.strata.domain.retrieval.PassageArm;
import dev.strata.domain.retrieval.TimeLift;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

        @Option(names = "--rankings", paramLabel = "OUT",
                description = "Also write, one JSON line per question and mode, its evidence and the ranked turns "
                        + "of the answer (dia_ids, top 50): the input of offline re-ranking measurements.")
        Path rankings;

        @Option(names = "--cross-validate",
                description = "Instead of comparing modes: hybrid recall for every combination of --rrf-k, "
                        + "--neighbour-weight, --arm-weights and --candidate-depth (default grid: rrf-k 5,10,20 x "
                        + "neighbour-weight 0.2,0.3,0.4), the setting chosen on all conversations (tuned) and, "
                        + "leaving one conversation out in turn, the recall of the setting chosen on the others "
                        + "(cross-validated).")
        boolean crossValidate;

        @Option(names = "--rrf-k", split = ",", paramLabel = "K[,K...]",
                description = "With --cross-validate: RRF constants to try.")
        List<Integer> rrfKs;

        @Option(names = "--neighbour-weight", split = ",", paramLabel = "W[,W...]",
                description = "With --cross-validate: neighbour-context weights to try (0 = off).")
        List<Double> neighbourWeights;

        @Option(names = "--arm-weights", split = ",", paramLabel = "KW:VW[,...]",
                description = "With --cross-validate: keyword:vector arm weights to try, e.g. 1:1,1:0.8.")
        List<String> armWeights;

        @Option(names = "--candidate-depth", split = ",", paramLabel = "D[,D...]",
                description = "With --cross-validate: rows each arm contributes to try.")
        List<Integer> depths;

        @Option(names = "--passage", split = ",", paramLabel = "W:OWN:NB:DATE[,...]",
                description = "With --cross-validate: passage arms to try: the arm's fusion weight (0 = off) and the "
                        + "BM25 weights of a memory's own words, its neighbours' words and its event date, e.g. "
                        + "0:1:1:1,1:1:0.5:0.")
        List<String> passages;

        @Option(names = "--answer-lift", split = ",", paramLabel = "W[,W...]",
                description = "With --cross-validate: answer lifts to try, the share of a question's score the "
                        + "memory written after it gains (0 = off).")
        List<Double> answerLifts;

        /**
         * The shipped search first, then every combination of the grid options (the shipped value of an option
         * not given), each once.
         */
        private Map<String, HybridSearchService> grid(HybridSearchService shipped) {
            FusionSettings base = shipped.settings();
            boolean none = rrfKs == null && neighbourWeights == null && armWeights == null && depths == null
                    && passages == null && answerLifts == null;
            List<Integer> ks = rrfKs != null ? rrfKs : none ? List.of(5, 10, 20) : List.of(base.rrfK());
            List<Double> ns = neighbourWeights != null ? neighbourWeights
                    : none ? List.of(0.2, 0.3, 0.4) : List.of(base.neighbourWeight());
            List<double[]> ws = armWeights == null ? List.<double[]>of(new double[] {base.keywordWeight(),
                    base.vectorWeight()}) : armWeights.stream().map(this::armWeight).toList();
            List<Integer> ds = depths != null ? depths : List.of(shipped.candidateDepth());
            List<PassageArm> ps = passages == null ? List.of(shipped.passage())
                    : passages.stream().map(this::passage).toList();
            List<AnswerLift> as = answerLifts == null ? List.of(shipped.answerLift())
                    : answerLifts.stream().map(AnswerLift::new).toList();
            Map<String, HybridSearchService> grid = new LinkedHashMap<>();
            grid.put("shipped", shipped);
            java.util.Set<String> seen = new java.util.HashSet<>();
            seen.add(key(base, shipped.candidateDepth(), shipped.passage()) + "/" + shipped.answerLift());
            for (int k : ks) {
                for (double n : ns) {
                    for (double[] w : ws) {
                        for (int d : ds) {
                            for (PassageArm p : ps) {
                                for (AnswerLift a : as) {
                                    FusionSettings f = base.withRrfK(k).withArmWeights(w[0], w[1])
                                            .withNeighbourContext(n, base.neighbourWindow(), base.neighbourGap());
                                    if (seen.add(key(f, d, p) + "/" + a)) {
                                        grid.put(String.format(java.util.Locale.ROOT, "k%d n%s w%s:%s d%d%s%s", k,
                                                plain(n), plain(w[0]), plain(w[1]), d, p.isOff() ? "" : " p"
                                                        + plain(p.weight()) + ":" + plain(p.own()) + ":"
                                                        + plain(p.neighbours()) + ":" + plain(p.date()),
                                                answerLifts == null ? "" : " a" + plain(a.weight())),
                                                shipped.withSettings(f).withCandidateDepth(d).withPassage(p)
                                                        .withAnswerLift(a));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return grid;
        }

        /** Refuses bad grid values before anything is opened. */
        private void checkGrid() {
            if (rrfKs != null && rrfKs.stream().anyMatch(k -> k < 1)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--rrf-k: each must be at least 1");
            }
            if (neighbourWeights != null && neighbourWeights.stream().anyMatch(n -> !(n >= 0 && n <= 1))) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--neighbour-weight: each must be in [0, 1]");
            }
            if (depths != null && depths.stream().anyMatch(d -> d < 1 || d > 1000)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--candidate-depth: each must be in [1, 1000]");
            }
            if (armWeights != null) {
                armWeights.forEach(this::armWeight);
            }
            if (passages != null) {
                passages.forEach(this::passage);
            }
            if (answerLifts != null && answerLifts.stream().anyMatch(a -> !(a >= 0 && a <= AnswerLift.MAX_WEIGHT))) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--answer-lift: each must be in [0, " + (int) AnswerLift.MAX_WEIGHT + "]");
            }
        }

        private static String key(FusionSettings f, int depth, PassageArm p) {
            return f + "/" + depth + "/" + (p.isOff() ? PassageArm.OFF : p);
        }

        private PassageArm passage(String spec4) {
            String[] parts = spec4.strip().split(":");
            try {
                if (parts.length == 4) {
                    return new PassageArm(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]),
                            Double.parseDouble(parts[2]), Double.parseDouble(parts[3]));
                }
            } catch (IllegalArgumentException e) {
                // reported below (NumberFormatException is one)
            }
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--passage: each must be WEIGHT:OWN:NEIGHBOURS:DATE, each in [0, 10], some column weighed: " + spec4);
        }

        private static String plain(double v) {
            return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
        }

        private double[] armWeight(String pair) {
            String[] parts = pair.strip().split(":");
            try {
                if (parts.length == 2) {
                    double kw = Double.parseDouble(parts[0]);
                    double vw = Double.parseDouble(parts[1]);
                    if (kw >= 0 && vw >= 0 && Double.isFinite(kw) && Double.isFinite(vw) && kw + vw > 0) {
                        return new double[] {kw, vw};
                    }
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--arm-weights: each must be KEYWORD:VECTOR, non-negative, not both 0: " + pair);
        }
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
            if (crossValidate && (!sweep.isEmpty() || timeLifts != null)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--cross-validate, --vector-min-similarity and --time-lift are separate runs");
            }
            if (!crossValidate && (rrfKs != null || neighbourWeights != null || armWeights != null || depths != null
                    || passages != null || answerLifts != null)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--rrf-k, --neighbour-weight, --arm-weights, --candidate-depth, --passage and --answer-lift need --cross-validate");
            }
            checkGrid();
            if (rankings != null && (crossValidate || !sweep.isEmpty() || timeLifts != null)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--rankings: only with a comparison of modes, not with a sweep or --cross-validate");
            }
            if (rankings != null && (Files.isDirectory(rankings) || rankings.toAbsolutePath().getParent() == null
                    || !Files.isDirectory(rankings.toAbsolutePath().getParent()))) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--rankings: not a file in an existing directory: " + rankings);
            }
            List<Locomo.Conversation> conversations = Locomo.read(file);
            if (limitConversations != null && limitConversations < conversations.size()) {
                conversations = conversations.subList(0, limitConversations);
            }
            Path dir = Files.createTempDirectory("strata-eval");
            StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dir);
            if (!crossValidate) {
                // Each query's embedding is timed as the model's work, not a cache hit (a cross-validation
                // searches each question once per setting and reports no latency: it keeps the cache).
                settings = settings.with(settings.embedding().withoutQueryCache());
            }
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
                if (crossValidate) {
                    spec.commandLine().getOut().println(evaluation.crossValidate(conversations,
                            grid(core.retrieval().search())).table());
                    return 0;
                }
                if (timeLifts != null && !timeLifts.isEmpty()) {
                    spec.commandLine().getOut().println(evaluation.sweepTimeLift(conversations, timeLifts,
                            chosen.getFirst()).table());
                    return 0;
                }
                if (!sweep.isEmpty()) {
                    spec.commandLine().getOut().println(evaluation.sweepFloors(conversations, sweep).table());
                    return 0;
                }
                EvalReport report;
                if (rankings != null) {
                    try (RankingsFile out = RankingsFile.create(rankings)) {
                        report = evaluation.run(conversations, chosen, out);
                    }
                } else {
                    report = evaluation.run(conversations, chosen);
                }
                spec.commandLine().getOut().println(json ? report.json() : report.table());
                return 0;
            } catch (IllegalStateException e) {
                spec.commandLine().getErr().println("strata eval: " + e.getMessage());
                return 1;
            } catch (java.io.UncheckedIOException e) {
                spec.commandLine().getErr().println("strata eval: " + e.getMessage() + ": " + e.getCause().getMessage());
                return 1;
            } finally {
                BenchCommand.deleteTree(dir);
            }
        }
    }
}
