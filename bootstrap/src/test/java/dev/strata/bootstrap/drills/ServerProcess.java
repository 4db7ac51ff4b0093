package dev.strata.bootstrap.drills;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real server as a child JVM ({@code strata serve --port 0}) on the test's own classpath, so the
 * drills can kill it the way an operating system would. The port is read from the line {@code serve}
 * prints once it listens; everything the child writes goes to one log file for post-mortems.
 */
final class ServerProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("strata: listening on http://[^:]+:(\\d+) ");

    private final Process process;
    private final int port;
    private final Path log;

    private ServerProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts the server on a data directory and waits until it listens. */
    static ServerProcess start(Path dataDir, Path workspace, Path log, String... extraEnv) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Xmx256m", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.strata.bootstrap.cli.Main", "serve",
                "--port", "0", "--data-dir", dataDir.toString(), "--workspace", workspace.toString()));
        // stderr goes straight to the log, apart from stdout: merged, a log line written while the listening
        // line was printed could split it, and the port would never be read.
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        for (int i = 0; i + 1 < extraEnv.length; i += 2) {
            builder.environment().put(extraEnv[i], extraEnv[i + 1]);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the server process", e);
        }
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread pump = new Thread(() -> pump(process, log, port), "server-output-" + process.pid());
        pump.setDaemon(true);
        pump.start();
        try {
            return new ServerProcess(process, port.get(60, TimeUnit.SECONDS), log);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while the server started", e);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new IllegalStateException("the server did not start: " + e.getMessage() + "\n" + tail(log), e);
        }
    }

    /** Copies the child's standard output to the log and completes {@code port} at the listening line. */
    private static void pump(Process process, Path log, CompletableFuture<Integer> port) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                Files.writeString(log, line + System.lineSeparator(), StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                Matcher m = LISTENING.matcher(line);
                if (!port.isDone() && m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                }
            }
        } catch (IOException e) {
            port.completeExceptionally(e);
        }
        port.completeExceptionally(new IllegalStateException("the server exited with "
                + process.onExit().join().exitValue() + " before listening"));
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL on Linux: no shutdown hook, no flush, no close: the crash the drill is about. */
    void kill() {
        process.destroyForcibly();
        waitForExit();
    }

    /** SIGTERM: the JVM runs its shutdown hooks, which stop the server gracefully. Returns the exit code. */
    int terminate() {
        process.destroy();
        return waitForExit();
    }

    private int waitForExit() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the server did not exit within 60 s\n" + tail(log));
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted waiting for the server to exit", e);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
