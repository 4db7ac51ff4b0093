package dev.strata.bootstrap.cli;

import dev.strata.application.role.Recall;
import dev.strata.application.role.ReflectionReport;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.error.DomainException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Reflection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code strata reflect <role>} and {@code strata recall <role>}: role memory (spec 05) from the shell. */
final class RoleCommands {

    private RoleCommands() {
    }

    abstract static class Common {
        @Parameters(index = "0", paramLabel = "ROLE", description = "A declared role id, e.g. analysis.valuation.target_price.")
        String role;

        @Option(names = "--data-dir", paramLabel = "DIR",
                description = "Directory of the SQLite file and roles/ (default: ./data, or STRATA_DATA_DIR).")
        Path dataDir;

        @Option(names = "--tenant", paramLabel = "T", defaultValue = "default",
                description = "The tenant (default: ${DEFAULT-VALUE}).")
        String tenant;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        StrataCore open() {
            StrataSettings settings = SettingsLoader.fromDefaults().load();
            return StrataCore.open(dataDir == null ? settings : settings.withDataDir(dataDir), Clock.systemUTC());
        }

        Tenant tenant() {
            try {
                return Tenant.of(tenant);
            } catch (RuntimeException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--tenant: " + e.getMessage());
            }
        }
    }

    /** The role's due entries reflected now, in the foreground; one line per entry. */
    @Command(name = "reflect", mixinStandardHelpOptions = true,
            description = "Reflect a role's due decisions now and print the result per entry.")
    static final class Reflect extends Common implements Callable<Integer> {
        @Override
        public Integer call() {
            Tenant t = tenant();
            try (StrataCore core = open()) {
                ReflectionReport report = core.role().reflector().reflect(t, core.role().roles().role(role).id());
                System.out.println(role + ": " + report.message());
                for (ReflectionReport.EntryResult e : report.entries()) {
                    System.out.printf("#%d %s%s %s%n", e.id().value(), e.result().name().toLowerCase(),
                            e.classification().map(c -> " " + c.wireName()).orElse(""), e.detail());
                }
                return report.dropped() ? 1 : 0;
            } catch (DomainException e) {
                System.err.println(e.getMessage());
                return 2;
            }
        }
    }

    /** The role's recent lessons, or with {@code --query} its matching entries. */
    @Command(name = "recall", mixinStandardHelpOptions = true,
            description = "Print a role's recent lessons, or with --query its matching past decisions.")
    static final class RecallRole extends Common implements Callable<Integer> {
        @Option(names = "--query", paramLabel = "WORDS", description = "Search the role's past decisions.")
        String query;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "10", description = "At most N (default: ${DEFAULT-VALUE}).")
        int limit;

        @Override
        public Integer call() {
            Tenant t = tenant();
            try (StrataCore core = open()) {
                Recall recall = core.role().roles().recall(t, role, Optional.ofNullable(query), limit);
                if (recall.lessons().isEmpty() && recall.hits().isEmpty()) {
                    System.out.println("no lessons yet");
                }
                recall.lessons().forEach(l -> System.out.printf("#%d %s: %s%n", l.entry().value(),
                        l.classification().wireName(), l.lesson()));
                recall.hits().forEach(h -> System.out.printf("#%d %s %s%s%n", h.entry().id().value(),
                        h.entry().status().wireName(), h.entry().decision(),
                        h.entry().reflection().flatMap(Reflection::lesson).map(l -> " -- lesson: " + l).orElse("")));
                return 0;
            } catch (DomainException e) {
                System.err.println(e.getMessage());
                return 2;
            }
        }
    }
}
