package dev.strata.bootstrap.cli;

import dev.strata.application.fact.ConsolidationReport;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.fact.Fact;
import dev.strata.domain.memory.Tenant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code strata facts}: inspect the general fact layer and run consolidation by hand. */
@Command(name = "facts", mixinStandardHelpOptions = true,
        description = "Inspect the general fact layer and run its consolidation now.",
        subcommands = {FactsCommand.Consolidate.class, FactsCommand.ListFacts.class})
public final class FactsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: consolidate or list");
    }

    static class Common {
        @Option(names = "--data-dir", paramLabel = "DIR",
                description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
        Path dataDir;

        @Option(names = "--tenant", paramLabel = "T", description = "Only this tenant.")
        String tenant;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        StrataCore open() {
            StrataSettings settings = SettingsLoader.fromDefaults().load().withoutEmbeddings();
            return StrataCore.open(dataDir == null ? settings : settings.withDataDir(dataDir), Clock.systemUTC());
        }

        Optional<Tenant> tenant() {
            if (tenant == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(Tenant.of(tenant));
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--tenant: " + e.getMessage());
            }
        }
    }

    /** {@code strata facts consolidate}: the background sweep, run once in the foreground. */
    @Command(name = "consolidate", mixinStandardHelpOptions = true,
            description = "Consolidate pending facts now (every tenant with pending facts, or --tenant).")
    static final class Consolidate extends Common implements Callable<Integer> {

        @Override
        public Integer call() {
            Optional<Tenant> only = tenant();
            try (StrataCore core = open()) {
                GeneralFactService facts = core.fact().facts();
                List<ConsolidationReport> reports = only.map(t -> List.of(facts.consolidatePending(t)))
                        .orElseGet(facts::consolidateAll);
                if (reports.isEmpty()) {
                    System.out.println("no pending facts");
                }
                for (ConsolidationReport r : reports) {
                    System.out.printf("%s: %d activated, %d duplicates, %d superseded, %d refused, %d still pending%s%n",
                            r.tenant(), r.activated(), r.duplicates(), r.superseded(), r.refused(), r.stillPending(),
                            r.stoppedBy().map(why -> " (stopped: " + why + ")").orElse(""));
                }
                return reports.stream().anyMatch(r -> r.stoppedBy().isPresent()) ? 1 : 0;
            }
        }
    }

    /** {@code strata facts list}: one line per fact, newest first. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "List a tenant's facts, newest first.")
    static final class ListFacts extends Common implements Callable<Integer> {

        @Option(names = "--status", paramLabel = "S", description = "pending, active or retired (default: all).")
        String status;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50",
                description = "At most N facts, 1..500 (default: ${DEFAULT-VALUE}).")
        int limit;

        @Override
        public Integer call() {
            Tenant tenant = tenant().orElse(Tenant.DEFAULT);
            try (StrataCore core = open()) {
                List<Fact> facts;
                try {
                    facts = core.fact().facts().list(tenant, Optional.ofNullable(status), Optional.of(limit));
                } catch (dev.strata.domain.error.InvalidInputException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--" + e.getMessage());
                }
                for (Fact f : facts) {
                    System.out.printf("#%d %-7s %s%s%n", f.id().value(), f.status().wireName(), f.content(),
                            f.retiredBy().map(by -> "  (retired by #" + by + ")").orElse(""));
                }
                return 0;
            }
        }
    }
}
