package dev.strata.bootstrap;


import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** The CLI's contract: help everywhere, usage errors exit 2. */
class CommandLineTest {

    private final Cli.Shell shell = new Cli.Shell();

    @Test
    void everyCommandHasHelp() {
        assertThat(shell.run("--help")).isZero();
        assertThat(shell.run("serve", "--help")).isZero();
        assertThat(shell.run("bench", "--help")).isZero();
        assertThat(shell.run("mcp", "--help")).isZero();
    }

    @Test
    void unknownOptionsAndCommandsAreUsageErrors() {
        assertThat(shell.run("serve", "--bogus")).isEqualTo(2);
        assertThat(shell.err()).contains("Unknown option: '--bogus'");
        assertThat(shell.run("frobnicate")).isEqualTo(2);
        assertThat(shell.run()).isEqualTo(2);
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        assertThat(shell.run("serve", "--port", "not-a-number")).isEqualTo(2);
        assertThat(shell.run("bench", "--sizes", "5")).isEqualTo(2);
        assertThat(shell.err()).contains("--sizes");
        assertThat(shell.run("bench", "--rounds", "0")).isEqualTo(2);
        assertThat(shell.run("bench", "--hybrid-sizes", "10000,0")).isEqualTo(2);
        assertThat(shell.err()).contains("--hybrid-sizes");
    }
}
