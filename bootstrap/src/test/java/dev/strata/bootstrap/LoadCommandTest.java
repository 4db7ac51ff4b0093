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
        assertThat(stdout).contains("| non-2xx answers | 0 | 0 | pass |")
                .containsPattern("write lock: \\d+ request writes found it taken \\(0 timed out\\)");
    }

    @Test
    void a_backlog_run_imports_the_backlog_and_prints_a_verdict_for_each_target() {
        int exit = run("bench", "load", "--clients", "4", "--duration", "2", "--backlog", "300",
                "--drain-timeout", "120");

        assertThat(stdout).as("stderr: %s", stderr).contains("| write p99 while the backlog is embedded |")
                .contains("| backlog embedding under load |").contains("| backlog drained after the clients stopped |")
                .containsPattern("\\| index compaction \\| (\\d+) of \\1 succeeded \\| every run succeeds \\| pass \\|")
                .containsPattern("none for more than [01] background transaction");
        assertThat(stderr).contains("imported a backlog of 300 memories");
        assertThat(exit).as("exit 1 exactly when a verdict says FAIL: %s", stdout)
                .isEqualTo(stdout.contains("FAIL") ? 1 : 0);
    }

    @Test
    void outOfRangeOptionsAreUsageErrors() {
        assertThat(run("bench", "load", "--clients", "0")).isEqualTo(2);
        assertThat(stderr).contains("--clients");
        assertThat(run("bench", "load", "--duration", "0")).isEqualTo(2);
        assertThat(run("bench", "load", "--backlog", "-1")).isEqualTo(2);
        assertThat(stderr).contains("--backlog");
        assertThat(run("bench", "load", "--help")).isZero();
    }
}
