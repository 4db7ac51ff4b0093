package dev.strata.bootstrap;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata bench load}: a short run against an embedded server answers every request without a 5xx. */
class LoadCommandTest {

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void a_short_run_with_a_few_clients_has_no_server_errors_and_prints_every_operation() {
        int exit = shell.run("bench", "load", "--clients", "4", "--duration", "3");

        // The mixed-run targets (search p99, 300 requests per second) are for 32 clients on a quiet machine:
        // a short 4-client run may miss them, and then the verdict says FAIL and the command exits 1.
        assertThat(exit).as("stderr: %s%nstdout: %s", shell.err(), shell.out())
                .isEqualTo(shell.out().contains("| FAIL |") ? 1 : 0);
        assertThat(shell.out()).contains("| op | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx |");
        for (String op : new String[]{"write", "search", "snapshot", "delete", "all"}) {
            assertThat(shell.out()).containsPattern("\\| " + op + " \\| [1-9]\\d* \\|");
        }
        assertThat(shell.out()).containsPattern("\\| all \\| \\d+ \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| none \\|");
        assertThat(shell.out()).contains("| non-2xx answers | 0 | 0 | pass |")
                .containsPattern("\\| search p99 \\| [\\d.]+ ms \\| <= 300 ms \\| (pass|FAIL) \\|")
                .containsPattern("\\| requests per second, all operations \\| \\d+ \\| >= 300 \\| (pass|FAIL) \\|")
                .containsPattern("write lock: \\d+ request writes found it taken \\(0 timed out\\)")
                .containsPattern("search turns: at most \\d+ at once; [1-9]\\d* searches, \\d+ waited for a turn "
                        + "\\(the longest [\\d.]+ ms\\), 0 turned away");
    }

    @Test
    void a_backlog_run_imports_the_backlog_and_prints_a_verdict_for_each_target() {
        int exit = shell.run("bench", "load", "--clients", "4", "--duration", "2", "--backlog", "300",
                "--drain-timeout", "120");

        assertThat(shell.out()).as("stderr: %s", shell.err()).contains("| write p99 while the backlog is embedded |")
                .contains("| backlog drains while the clients run |").contains("| backlog drained after the clients stopped |")
                .contains("| search p99 |").contains("| requests per second, all operations |")
                .containsPattern("\\| index compaction \\| (\\d+) of \\1 succeeded \\| every run succeeds \\| pass \\|")
                .containsPattern("none for more than [01] background transaction");
        assertThat(shell.err()).contains("imported a backlog of 300 memories");
        assertThat(exit).as("exit 1 exactly when a verdict says FAIL: %s", shell.out())
                .isEqualTo(shell.out().contains("FAIL") ? 1 : 0);
    }

    @Test
    void out_of_range_options_are_usage_errors() {
        assertThat(shell.run("bench", "load", "--clients", "0")).isEqualTo(2);
        assertThat(shell.err()).contains("--clients");
        assertThat(shell.run("bench", "load", "--duration", "0")).isEqualTo(2);
        assertThat(shell.run("bench", "load", "--backlog", "-1")).isEqualTo(2);
        assertThat(shell.err()).contains("--backlog");
        assertThat(shell.run("bench", "load", "--help")).isZero();
    }
}
