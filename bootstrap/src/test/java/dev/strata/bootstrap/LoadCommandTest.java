package dev.strata.bootstrap;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata bench load}: a short run against an embedded server answers every request without a 5xx. */
class LoadCommandTest {

    private String stdout;
    private String stderr;

    private int run(String... args) {
        Cli cli = Cli.run(args);
        stdout = cli.out();
        stderr = cli.err();
        return cli.exitCode();
    }

    @Test
    void aShortRunWithAFewClientsHasNoServerErrorsAndPrintsEveryOperation() {
        int exit = run("bench", "load", "--clients", "4", "--duration", "3");

        assertThat(exit).as("stderr: %s%nstdout: %s", stderr, stdout).isZero();
        assertThat(stdout).contains("| op | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx |");
        for (String op : new String[]{"write", "search", "snapshot", "delete", "all"}) {
            assertThat(stdout).containsPattern("\\| " + op + " \\| [1-9]\\d* \\|");
        }
        assertThat(stdout).containsPattern("\\| all \\| \\d+ \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| none \\|");
    }

    @Test
    void outOfRangeOptionsAreUsageErrors() {
        assertThat(run("bench", "load", "--clients", "0")).isEqualTo(2);
        assertThat(stderr).contains("--clients");
        assertThat(run("bench", "load", "--duration", "0")).isEqualTo(2);
        assertThat(run("bench", "load", "--help")).isZero();
    }
}
