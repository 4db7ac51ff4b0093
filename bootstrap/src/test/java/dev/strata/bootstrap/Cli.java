package dev.strata.bootstrap;

import dev.strata.bootstrap.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in this JVM and keeps what it printed (System.out and System.err, swapped while it runs). */
public record Cli(int exitCode, String out, String err) {

    public static synchronized Cli run(String... args) {
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = Main.run(args);
            return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }

    /** Runs commands one after another and shows what the last one printed, as a terminal does. */
    public static final class Shell {

        private Cli last;

        /** Runs {@code strata args...} and returns its exit code. */
        public int run(String... args) {
            last = Cli.run(args);
            return last.exitCode();
        }

        /** What the last command printed on stdout. */
        public String out() {
            return last().out();
        }

        /** What the last command printed on stderr. */
        public String err() {
            return last().err();
        }

        private Cli last() {
            if (last == null) {
                throw new IllegalStateException("no command has run yet");
            }
            return last;
        }
    }
}
