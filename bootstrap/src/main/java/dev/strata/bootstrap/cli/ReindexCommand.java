package dev.strata.bootstrap.cli;

import dev.strata.application.retrieval.EmbeddingWorker;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code strata reindex}: embeds rows left pending or failed (or every row, after a model change). */
@Command(name = "reindex", mixinStandardHelpOptions = true,
        description = "Embed memories whose embedding is pending or failed (--all: every memory), with a progress bar.")
public final class ReindexCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
    Path dataDir;

    @Option(names = "--all", description = "Re-embed every memory (after switching the embedding model).")
    boolean all;

    @Override
    public Integer call() {
        StrataSettings settings = SettingsLoader.fromDefaults().load();
        try (StrataCore core = StrataCore.open(dataDir == null ? settings : settings.withDataDir(dataDir),
                Clock.systemUTC())) {
            Optional<EmbeddingWorker> worker = core.retrieval().worker();
            PrintWriter err = spec.commandLine().getErr();
            if (worker.isEmpty()) {
                err.println("strata reindex: embeddings are disabled or sqlite-vec could not load; nothing to do");
                return 1;
            }
            long total = worker.get().countToReindex(all);
            ProgressBar bar = new ProgressBar(err, total);
            long done = worker.get().reindex(all, bar::update);
            bar.finish();
            spec.commandLine().getOut().println("reindexed " + done + " memories");
            return 0;
        }
    }

    /** A one-line bar on stderr, redrawn in place. */
    static final class ProgressBar {
        private static final int WIDTH = 40;
        private final PrintWriter out;
        private final long total;

        ProgressBar(PrintWriter out, long total) {
            this.out = out;
            this.total = total;
        }

        void update(long done) {
            long shown = Math.min(done, Math.max(total, done));
            int filled = total == 0 ? WIDTH : (int) Math.min(WIDTH, WIDTH * shown / Math.max(1, total));
            out.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + done + "/" + Math.max(total, done));
            out.flush();
        }

        void finish() {
            out.println();
            out.flush();
        }
    }
}
