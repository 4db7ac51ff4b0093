package dev.strata.bootstrap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code strata bench prompt}: a short run prints the share and every call; bad options are usage errors. */
class PromptCommandTest {

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void a_short_json_run_reports_the_cacheable_share_and_one_row_per_model_call() {
        int exit = shell.run("bench", "prompt", "--sessions", "2", "--turns", "3", "--write-every", "3",
                "--memories", "30", "-k", "5", "--json");

        assertThat(exit).as("stderr: %s", shell.err()).isZero();
        String out = shell.out();
        assertThat(out).containsPattern("^\\{\"cacheable_share\": (0|1)\\.\\d{4}, ")
                .contains("\"approaches\": {\"frozen\": {", "\"retrieve_system\": {", "\"retrieve_inline\": {");
        // Two sessions of three turns, one write each: eight model calls.
        assertThat(out.split("\\{\"session\": ", -1)).hasSize(1 + 8);
        assertThat(out).contains("\"after_write\": true");
    }

    @Test
    void the_table_names_each_approach_and_the_tokenizer() {
        assertThat(shell.run("bench", "prompt", "--sessions", "1", "--turns", "2", "--memories", "10")).isZero();

        assertThat(shell.out()).contains("| Strata frozen snapshot |", "| retrieve top-k into the system prompt |",
                "TokenEstimator", "| 1 | 2 | 1 |");
    }

    @Test
    void out_of_range_options_are_usage_errors_naming_the_option() {
        assertThat(shell.run("bench", "prompt", "--sessions", "0")).isEqualTo(2);
        assertThat(shell.err()).contains("--sessions");
        assertThat(shell.run("bench", "prompt", "-k", "0")).isEqualTo(2);
        assertThat(shell.err()).contains("-k");
        assertThat(shell.run("bench", "prompt", "--help")).isZero();
    }
}
