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

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void consolidates_pending_facts_and_lists_them() {
        StrataSettings settings = SettingsLoader.fromDefaults().load().withDataDir(dataDir);
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC())) {
            core.fact().facts().recordFact(Tenant.of("cli"), "prefers weekly charts", java.util.Optional.empty(), TestActors.OPERATOR);
            core.fact().facts().recordFact(Tenant.of("cli"), "Prefers weekly charts.", java.util.Optional.empty(), TestActors.OPERATOR);
        }

        assertThat(shell.run("facts", "consolidate", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("cli: 1 activated, 1 duplicates, 0 superseded, 0 refused, 0 still pending");

        assertThat(shell.run("facts", "list", "--tenant", "cli", "--status", "active", "--data-dir", dataDir.toString()))
                .isZero();
        assertThat(shell.out()).contains("active  prefers weekly charts").doesNotContain("Prefers");
        assertThat(shell.run("facts", "list", "--tenant", "cli", "--status", "retired", "--data-dir", dataDir.toString()))
                .isZero();
        assertThat(shell.out()).contains("retired Prefers weekly charts.  (retired by #1)");

        assertThat(shell.run("facts", "consolidate", "--data-dir", dataDir.toString())).isZero();
        assertThat(shell.out()).contains("no pending facts");
    }

    @Test
    void bad_arguments_are_usage_errors() {
        assertThat(shell.run("facts", "--help")).isZero();
        assertThat(shell.run("facts")).isEqualTo(2);
        assertThat(shell.run("facts", "list", "--status", "deleted", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(shell.err()).contains("status");
        assertThat(shell.run("facts", "consolidate", "--tenant", "Not Valid", "--data-dir", dataDir.toString())).isEqualTo(2);
        assertThat(shell.err()).contains("--tenant");
    }
}
