package dev.strata.bootstrap.cli;

import dev.strata.application.access.IssuedKey;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.access.ApiKey;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code strata keys}: API keys, managed on the data directory directly (no running server needed).
 * {@code create} prints the key once on stdout (and nothing else there, so scripts can capture it);
 * only its SHA-256 is stored, so it can never be shown again.
 */
@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Create, list and revoke API keys.",
        subcommands = {KeysCommand.Create.class, KeysCommand.ListKeys.class, KeysCommand.Revoke.class})
public final class KeysCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: create, list or revoke");
    }

    /** The data directory option every subcommand shares (a picocli mixin). */
    static final class DataDir {
        @Option(names = "--data-dir", paramLabel = "DIR",
                description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
        Path dataDir;

        StrataCore open() {
            return StrataCore.open(settings(), Clock.systemUTC());
        }

        /** The settings a command opens the data directory with (embeddings off: commands never wait on them). */
        StrataSettings settings() {
            return settings(false);
        }

        /** With {@code embeddings}, the configured provider stays on (a command that embeds, as reindex does). */
        StrataSettings settings(boolean embeddings) {
            StrataSettings settings = SettingsLoader.fromDefaults().load();
            settings = embeddings ? settings : settings.withoutEmbeddings();
            return dataDir == null ? settings : settings.withDataDir(dataDir);
        }
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Create a key for a tenant and print it once.")
    static final class Create implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--tenant", required = true, paramLabel = "T",
                description = "Tenant the key acts in (an admin key's default tenant).")
        String tenant;

        @Option(names = "--admin", description = "Let the key act in any tenant (via the X-Strata-Tenant header).")
        boolean admin;

        @CommandLine.Mixin
        DataDir dataDir;

        @Override
        public Integer call() {
            Tenant t = parseTenant(spec, tenant);
            try (StrataCore core = dataDir.open()) {
                IssuedKey issued = core.access().access().create(t, admin, operator());
                PrintWriter err = spec.commandLine().getErr();
                err.printf("strata: created %skey %s for tenant %s; it is shown only this once, store it now%n",
                        admin ? "admin " : "", issued.key().id(), t);
                err.flush();
                PrintWriter out = spec.commandLine().getOut();
                out.println(issued.token().value());
                out.flush();
                return 0;
            }
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List keys (never the keys themselves).")
    static final class ListKeys implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Mixin
        DataDir dataDir;

        @Override
        public Integer call() {
            try (StrataCore core = dataDir.open()) {
                List<ApiKey> keys = core.access().access().list();
                PrintWriter out = spec.commandLine().getOut();
                out.printf("%-12s  %-20s  %-5s  %-24s  %s%n", "ID", "TENANT", "ADMIN", "CREATED", "REVOKED");
                for (ApiKey k : keys) {
                    out.printf("%-12s  %-20s  %-5s  %-24s  %s%n", k.id(), k.tenant(), k.admin() ? "yes" : "no",
                            k.createdAt(), k.revokedAt().map(Object::toString).orElse("-"));
                }
                out.flush();
                return 0;
            }
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true,
            description = "Revoke a key by id; it stops working at once, also on a running server.")
    static final class Revoke implements Callable<Integer> {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "ID", description = "The key's id, as 'keys list' shows it.")
        String id;

        @CommandLine.Mixin
        DataDir dataDir;

        @Override
        public Integer call() {
            try {
                ApiKey.checkId(id);
            } catch (InvalidInputException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "ID " + e.reason());
            }
            try (StrataCore core = dataDir.open()) {
                ApiKey key = core.access().access().revoke(id, operator());
                PrintWriter err = spec.commandLine().getErr();
                err.printf("strata: key %s (tenant %s) revoked at %s%n", key.id(), key.tenant(),
                        key.revokedAt().orElseThrow());
                err.flush();
                return 0;
            }
        }
    }

    private static Tenant parseTenant(CommandLine.Model.CommandSpec spec, String raw) {
        try {
            return Tenant.of(raw);
        } catch (InvalidInputException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tenant " + e.reason());
        }
    }

    /** Who runs the command, for the audit log: the operating-system user at the command line. */
    static Actor operator() {
        return Actor.cli(System.getProperty("user.name"));
    }
}
