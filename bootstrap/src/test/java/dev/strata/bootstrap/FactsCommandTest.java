package dev.strata.bootstrap;

import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata facts consolidate|list} on a real data directory. */
class FactsCommandTest {

    @TempDir
    Path dataDir;

    private String stdout;
    private String stderr;

    private int run(String... args) {
        Cli cli = Cli.run(args);
        stdout = cli.out();
        stderr = cli.err();
        return cli.exitCode();
    }

    @Test
    void consolidatesPendingFactsAndListsThem() {
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        try (Strata.Opened opened = Strata.open(settings, Clock.systemUTC())) {
            opened.services().facts().recordFact(Tenant.of("cli"), "prefers weekly charts");
            opened.services().facts().recordFact(Tenant.of("cli"), "Prefers weekly charts.");
        }

        assertThat(run("facts", "consolidate", "--data-dir", dataDir.toString())).isZero();
        assertThat(stdout).contains("cli: 1 activated, 1 duplicates, 0 superseded, 0 refused, 0 still pending");

        assertThat(run("facts", "list", "--tenant", "cli", "--status", "active", "--data-dir", dataDir.toString()))
                .isZero();
        assertThat(stdout).contains("active  prefers weekly charts").doesNotContain("Prefers");
        assertThat(run("facts", "list", "--tenant", "cli", "--status", "retired", "--data-dir", dataDir.toString()))
                .isZero();
        assertThat(stdout).contains("retired Prefers weekly charts.  (retired by #1)");

        assertThat(run("facts", "consolidate", "--data-dir", dataDir.toString())).isZero();
        assertThat(stdout).contains("no pending facts");
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertThat(run("facts", "--help")).isZero();
        assertThat(run("facts")).isEqualTo(2);
        assertThat(run("facts", "list", "--status", "deleted", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(stderr).contains("status");
        assertThat(run("facts", "consolidate", "--tenant", "Not Valid", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(stderr).contains("--tenant");
    }
}
