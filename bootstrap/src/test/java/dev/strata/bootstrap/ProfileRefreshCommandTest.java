package dev.strata.bootstrap;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.Fills;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata profile refresh} on a real data directory, with no history source and no model configured. */
class ProfileRefreshCommandTest {

    @TempDir
    Path dataDir;

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void refresh_says_what_the_sync_and_each_flow_did() {
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            Tenant desk = Tenant.of("desk");
            core.trading().mirror().recordPerpsFills(desk, List.of(Fills.input("sub-1", "1",
                    Clock.systemUTC().millis(), "SOL", "B", "Open Long", "3", "150", "0")));
        }

        assertThat(shell.run("profile", "refresh", "--tenant", "desk", "--data-dir", dataDir.toString())).isZero();

        assertThat(shell.out()).contains("sync (desk): not run", "no trade history source is configured")
                .contains("trading_summary  skipped no language model is configured")
                // the push itself nudged the markets update, so the refresh may find it done
                .containsPattern("markets +(rebuilt|skipped) markets (now|already) include crypto_alts");
    }

    @Test
    void bad_arguments_are_usage_errors() {
        assertThat(shell.run("profile", "refresh", "--tenant", "Not Valid", "--data-dir", dataDir.toString()))
                .isEqualTo(2);
        assertThat(shell.err()).contains("--tenant");
        assertThat(shell.run("profile", "refresh", "--user", "a b", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(shell.err()).contains("--user");
    }
}
