package dev.strata.bootstrap.cli;

import dev.strata.adapters.llm.embedding.EmbeddingProvider;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.bench.BenchReport;
import dev.strata.bootstrap.bench.HybridBenchmark;
import dev.strata.bootstrap.bench.HybridReport;
import dev.strata.bootstrap.bench.MemoryBenchmark;
import dev.strata.bootstrap.bench.MirrorBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code strata bench}: Strata against raw SQLite on the same file, as a table of medians and ratios. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = {LoadCommand.class, PromptCommand.class},
        description = "Benchmark writes, search and snapshot against raw SQLite in the same run "
                + "('bench load': concurrent clients over HTTP; 'bench prompt': cacheable prompt tokens).")
public final class BenchCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--sizes", split = ",", paramLabel = "N[,N...]", defaultValue = "10000,100000",
            description = "Numbers of memories to load (default: ${DEFAULT-VALUE}; 0 leaves the keyword rows out).")
    List<Integer> sizes;

    @Option(names = "--hybrid-sizes", split = ",", paramLabel = "N[,N...]", defaultValue = "10000,100000",
            description = "Corpus sizes for hybrid search with the configured embedding model (default: "
                    + "${DEFAULT-VALUE}; from 1000000 on spread over 100 tenants; 0 leaves them out). The corpus and "
                    + "its vectors are kept under --work-dir and reused by later runs.")
    List<Integer> hybridSizes;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "20",
            description = "Timed rounds over the query set (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--embeddings", description = "Keep the configured embedding provider: search runs hybrid while "
            + "the background worker embeds the corpus. By default the benchmark measures the keyword path against "
            + "raw FTS5, as the targets are defined.")
    boolean embeddings;

    @Option(names = "--mirror-size", paramLabel = "N", defaultValue = "100000",
            description = "Messages and fills for the conversation and trade-mirror rows (default: ${DEFAULT-VALUE}; "
                    + "0 leaves them out).")
    int mirrorSize;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "Where to create the benchmark databases (default: a temporary directory, removed after); "
                    + "the hybrid rows' corpus is kept there and reused by later runs.")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        List<Integer> memorySizes = sizesOrNone(sizes, "--sizes");
        List<Integer> hybrid = sizesOrNone(hybridSizes, "--hybrid-sizes");
        if (rounds < 1 || rounds > 1_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rounds must be in 1..1000");
        }
        if (mirrorSize != 0 && (mirrorSize < 1_000 || mirrorSize > 10_000_000)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--mirror-size must be 0 or in 1000..10000000");
        }
        boolean temporary = workDir == null;
        Path dir = temporary ? Files.createTempDirectory("strata-bench") : Files.createDirectories(workDir);
        try {
            StrataSettings configured = SettingsLoader.fromDefaults().load();
            StrataSettings settings = embeddings ? configured
                    : configured.with(configured.embedding().withProvider(EmbeddingProvider.DISABLED));
            MemoryBenchmark bench = new MemoryBenchmark(settings, rounds,
                    line -> System.err.println("bench: " + line));
            List<MemoryBenchmark.Run> runs = memorySizes.isEmpty() ? List.of() : bench.run(memorySizes, dir);
            Optional<MirrorBenchmark.Result> mirror = mirrorSize == 0 ? Optional.empty()
                    : Optional.of(new MirrorBenchmark(settings, rounds, line -> System.err.println("bench: " + line))
                            .run(mirrorSize, Files.createDirectories(dir.resolve("mirror"))));
            List<HybridBenchmark.Figures> hybridRuns = List.of();
            if (!hybrid.isEmpty()) {
                if (configured.embedding().provider() == EmbeddingProvider.DISABLED) {
                    System.err.println("bench: hybrid rows not measured: the embedding provider is disabled");
                } else {
                    hybridRuns = new HybridBenchmark(configured, rounds, line -> System.err.println("bench: " + line))
                            .run(hybrid, dir);
                }
            }
            if (json) {
                String runsJson = BenchReport.json(runs);
                StringBuilder out = new StringBuilder(runsJson.substring(0, runsJson.length() - 1));
                mirror.ifPresent(m -> out.append(", \"mirror\": ").append(MirrorBenchmark.json(m)));
                out.append(", \"hybrid\": ").append(HybridReport.json(hybridRuns)).append('}');
                System.out.println(out);
            } else {
                if (!runs.isEmpty()) {
                    System.out.println(BenchReport.table(runs));
                }
                mirror.ifPresent(m -> System.out.println(MirrorBenchmark.table(m)));
                if (!hybridRuns.isEmpty()) {
                    System.out.println(HybridReport.table(hybridRuns));
                }
            }
            return 0;
        } finally {
            if (temporary) {
                deleteTree(dir);
            }
        }
    }

    /** The sizes asked for, or none when the option is {@code 0}; each N in 1000..10000000. */
    private List<Integer> sizesOrNone(List<Integer> asked, String option) {
        if (asked.size() == 1 && asked.getFirst() == 0) {
            return List.of();
        }
        for (int n : asked) {
            if (n < 1_000 || n > 10_000_000) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        option + ": each N must be in 1000..10000000 (or 0 alone: leave them out)");
            }
        }
        return List.copyOf(asked);
    }

    /** Deletes {@code dir} and everything in it, if it exists: the temporary directories of bench, eval and load. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
