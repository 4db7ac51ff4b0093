package dev.strata.bootstrap.cli;

import dev.strata.application.personalization.rebuild.ProfileRefreshService;
import dev.strata.application.personalization.rebuild.RebuildOutcome;
import dev.strata.application.trading.SyncReport;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code strata profile refresh}: spec 04's forced refresh — the history sync bypassing its
 * throttle, then the trading summary bypassing its cooldown and the other flows that are due.
 */
@Command(name = "refresh", mixinStandardHelpOptions = true,
        description = "Sync the off-agent trade history now, then rebuild the trading summary and whichever "
                + "other personalization flows are due; prints what each step did.")
public final class ProfileRefreshCommand implements Callable<Integer> {

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
    Path dataDir;

    @Option(names = "--tenant", paramLabel = "T", defaultValue = "default",
            description = "The tenant (default: ${DEFAULT-VALUE}).")
    String tenant;

    @Option(names = "--user", paramLabel = "U", description = "The user within the tenant (default: default).")
    String user;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Tenant t;
        try {
            t = Tenant.of(tenant);
        } catch (InvalidInputException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tenant: " + e.reason());
        }
        StrataSettings settings = SettingsLoader.fromDefaults().load();
        try (StrataCore core = StrataCore.open(dataDir == null ? settings : settings.withDataDir(dataDir),
                Clock.systemUTC())) {
            ProfileRefreshService.Refreshed r;
            try {
                r = core.rebuild().refresh().refresh(t, Optional.ofNullable(user));
            } catch (InvalidInputException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--user: " + e.reason());
            }
            print(r);
            boolean failed = r.rebuilds().stream().anyMatch(o -> o.status() == RebuildOutcome.Status.FAILED)
                    || r.sync().keys().stream().anyMatch(k -> k.status() == SyncReport.Status.FAILED);
            return failed ? 1 : 0;
        }
    }

    private static void print(ProfileRefreshService.Refreshed r) {
        SyncReport sync = r.sync();
        System.out.printf("sync (%s): %s%n", r.tenant(), sync.ran() ? sync.inserted() + " new rows"
                : "not run");
        sync.note().ifPresent(n -> System.out.println("  " + n));
        for (SyncReport.KeyReport k : sync.keys()) {
            System.out.printf("  %-40s %-7s %d fetched, %d new, %d refused%s%n", k.key(), k.status().wireName(),
                    k.fetched(), k.inserted(), k.rejected(), k.error().map(e -> " (" + e + ")").orElse(""));
        }
        for (RebuildOutcome o : r.rebuilds()) {
            System.out.printf("%-16s %-7s %s%n", o.flow(), o.status().wireName(), o.detail());
        }
    }
}
