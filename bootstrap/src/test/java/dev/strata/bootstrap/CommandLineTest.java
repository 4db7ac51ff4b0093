package dev.strata.bootstrap;


import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** The CLI's contract: help everywhere, usage errors exit 2. */
class CommandLineTest {

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void every_command_has_help() {
        assertThat(shell.run("--help")).isZero();
        assertThat(shell.run("serve", "--help")).isZero();
        assertThat(shell.run("bench", "--help")).isZero();
        assertThat(shell.run("mcp", "--help")).isZero();
    }

    @Test
    void unknown_options_and_commands_are_usage_errors() {
        assertThat(shell.run("serve", "--bogus")).isEqualTo(2);
        assertThat(shell.err()).contains("Unknown option: '--bogus'");
        assertThat(shell.run("frobnicate")).isEqualTo(2);
        assertThat(shell.run()).isEqualTo(2);
    }

    @Test
    void bad_option_values_are_usage_errors() {
        assertThat(shell.run("serve", "--port", "not-a-number")).isEqualTo(2);
        assertThat(shell.run("bench", "--sizes", "5")).isEqualTo(2);
        assertThat(shell.err()).contains("--sizes");
        assertThat(shell.run("bench", "--rounds", "0")).isEqualTo(2);
        assertThat(shell.run("bench", "--hybrid-sizes", "10000,0")).isEqualTo(2);
        assertThat(shell.err()).contains("--hybrid-sizes");
    }
}
