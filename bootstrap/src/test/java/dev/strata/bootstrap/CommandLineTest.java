package dev.strata.bootstrap;


import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** The CLI's contract: help everywhere, usage errors exit 2. */
class CommandLineTest {

    private String stderr;

    private int run(String... args) {
        Cli cli = Cli.run(args);
        stderr = cli.err();
        return cli.exitCode();
    }

    @Test
    void everyCommandHasHelp() {
        assertThat(run("--help")).isZero();
        assertThat(run("serve", "--help")).isZero();
        assertThat(run("bench", "--help")).isZero();
    }

    @Test
    void unknownOptionsAndCommandsAreUsageErrors() {
        assertThat(run("serve", "--bogus")).isEqualTo(2);
        assertThat(stderr).contains("Unknown option: '--bogus'");
        assertThat(run("frobnicate")).isEqualTo(2);
        assertThat(run()).isEqualTo(2);
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        assertThat(run("serve", "--port", "not-a-number")).isEqualTo(2);
        assertThat(run("bench", "--sizes", "5")).isEqualTo(2);
        assertThat(stderr).contains("--sizes");
        assertThat(run("bench", "--rounds", "0")).isEqualTo(2);
    }
}
