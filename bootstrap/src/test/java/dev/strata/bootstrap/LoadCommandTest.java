package dev.strata.bootstrap;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata bench load}: a short run against an embedded server answers every request without a 5xx. */
class LoadCommandTest {

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void aShortRunWithAFewClientsHasNoServerErrorsAndPrintsEveryOperation() {
        int exit = shell.run("bench", "load", "--clients", "4", "--duration", "3");

        assertThat(exit).as("stderr: %s%nstdout: %s", shell.err(), shell.out()).isZero();
        assertThat(shell.out()).contains("| op | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx |");
        for (String op : new String[]{"write", "search", "snapshot", "delete", "all"}) {
            assertThat(shell.out()).containsPattern("\\| " + op + " \\| [1-9]\\d* \\|");
        }
        assertThat(shell.out()).containsPattern("\\| all \\| \\d+ \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| none \\|");
    }

    @Test
    void outOfRangeOptionsAreUsageErrors() {
        assertThat(shell.run("bench", "load", "--clients", "0")).isEqualTo(2);
        assertThat(shell.err()).contains("--clients");
        assertThat(shell.run("bench", "load", "--duration", "0")).isEqualTo(2);
        assertThat(shell.run("bench", "load", "--help")).isZero();
    }
}
