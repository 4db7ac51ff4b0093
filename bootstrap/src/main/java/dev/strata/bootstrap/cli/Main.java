package dev.strata.bootstrap.cli;

import io.helidon.logging.common.LogConfig;

/** Entry point of the {@code strata} command line. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        try {
            CarrierThreads.apply();
        } catch (IllegalArgumentException e) {
            System.err.println("strata: " + e.getMessage());
            System.exit(2);
        }
        LogConfig.configureRuntime();
        System.exit(run(args));
    }

    /** Runs the CLI and returns its exit code (0 ok, 1 failure, 2 usage error) without exiting the JVM. */
    public static int run(String... args) {
        return StrataCommand.commandLine().execute(args);
    }
}
