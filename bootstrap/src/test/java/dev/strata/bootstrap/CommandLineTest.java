package dev.strata.bootstrap;

import dev.strata.bootstrap.cli.Main;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The CLI's contract: help everywhere, usage errors exit 2. */
class CommandLineTest {

    private String stderr;

    private int run(String... args) {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return Main.run(args);
        } finally {
            System.setErr(original);
            stderr = err.toString(StandardCharsets.UTF_8);
        }
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
