package dev.strata.bootstrap.cli;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.bootstrap.server.ServerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code strata serve}: runs the gateway on the embedded SQLite file until interrupted. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Start the HTTP server on the embedded SQLite database.")
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", description = "TCP port (default: 8420, or STRATA_PORT).")
    Integer port;

    @Option(names = "--host", paramLabel = "H", description = "Address to bind (default: 127.0.0.1, or STRATA_HOST).")
    String host;

    @Option(names = "--require-auth",
            description = "Require an API key on /v1 and metrics (default: off on loopback, or STRATA_REQUIRE_AUTH). "
                    + "Binding --host to a non-loopback address always requires one.")
    boolean requireAuth;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
    Path dataDir;

    @Option(names = "--workspace", paramLabel = "DIR",
            description = "Workspace directory, e.g. an existing OpenClaw workspace "
                    + "(default: ~/.strata/workspace, or STRATA_WORKSPACE).")
    Path workspace;

    @Override
    public Integer call() throws InterruptedException {
        StrataSettings settings = SettingsLoader.fromDefaults().load();
        GatewaySettings g = settings.server().gateway();
        settings = settings.with(new ServerSettings(new GatewaySettings(host != null ? host : g.host(),
                port != null ? port : g.port(), g.maxBodyBytes(), g.maxBatchBodyBytes(),
                requireAuth || g.requireAuth())));
        if (dataDir != null) {
            settings = settings.withDataDir(dataDir);
        }
        if (workspace != null) {
            settings = settings.withWorkspaceDir(workspace);
        }
        Strata strata = Strata.start(settings, Clock.systemUTC());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            strata.close();
            stopped.countDown();
        }, "strata-shutdown"));
        System.out.printf("strata: listening on http://%s:%d (database %s, workspace %s, API keys %s)%n",
                settings.server().gateway().host(), strata.port(), settings.storage().databaseFile().toAbsolutePath(),
                settings.workspace().directory().toAbsolutePath(),
                settings.server().gateway().authRequired() ? "required" : "not required");
        CarrierThreads.applied().ifPresent(c -> System.out.printf(
                "strata: requests run on %d virtual-thread carriers (%s)%n", c.carriers(), c.source()));
        System.out.flush();
        stopped.await();
        return 0;
    }
}
