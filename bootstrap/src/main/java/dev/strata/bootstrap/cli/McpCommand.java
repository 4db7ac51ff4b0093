package dev.strata.bootstrap.cli;

import dev.strata.adapters.http.mcp.McpDispatcher;
import dev.strata.adapters.http.mcp.McpStdio;
import dev.strata.bootstrap.DataDirectory;
import dev.strata.bootstrap.LogScrubbing;
import dev.strata.bootstrap.SettingsLoader;
import dev.strata.bootstrap.Strata;
import dev.strata.bootstrap.StrataCore;
import dev.strata.bootstrap.StrataSettings;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import io.helidon.scheduling.FixedRate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code strata mcp}: an MCP server on stdin/stdout for desktop clients (Claude Desktop and Code, Cursor),
 * over the local data directory with the same wiring as {@code serve} ({@link StrataCore}, the same tool
 * registry and resources as {@code /mcp}), or with {@code --url} as a bridge to a running server's {@code /mcp}
 * ({@link McpBridge}). The process is one session in one tenant. Standard output
 * carries protocol messages only: everything else the JVM would print goes to stderr.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = "Serve the agent tools over MCP on stdin/stdout (newline-delimited JSON-RPC) "
                + "on the local data directory, or bridge to a running server with --url/--key; logs go to stderr.")
public final class McpCommand implements Callable<Integer> {

    @Option(names = "--tenant", paramLabel = "T",
            description = "Tenant the session acts in (default: STRATA_TENANT, else 'default').")
    String tenant;

    @Option(names = "--actor", paramLabel = "NAME",
            description = "Who the writes name as updated_by (default: STRATA_ACTOR, else 'mcp-stdio').")
    String actor;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Directory of the SQLite file (default: ./data, or STRATA_DATA_DIR).")
    Path dataDir;

    @Option(names = "--workspace", paramLabel = "DIR",
            description = "Workspace directory (default: ~/.strata/workspace, or STRATA_WORKSPACE).")
    Path workspace;

    @Option(names = "--url", paramLabel = "URL",
            description = "Bridge to a running server's /mcp instead of opening a data directory "
                    + "(e.g. http://127.0.0.1:8420; default: STRATA_URL).")
    String url;

    @Option(names = "--key", paramLabel = "KEY",
            description = "API key sent to the server with --url (default: STRATA_API_KEY).")
    String key;

    @Override
    public Integer call() {
        String bridgeUrl = firstOf(url, System.getenv("STRATA_URL"), null);
        if (bridgeUrl != null) {
            return bridge(bridgeUrl);
        }
        // The protocol owns the real stdout; anything else printed in this JVM (a library's banner) goes to stderr.
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        Tenant sessionTenant;
        Actor sessionActor;
        try {
            sessionTenant = Tenant.of(firstOf(tenant, System.getenv("STRATA_TENANT"), Tenant.DEFAULT.value()));
            sessionActor = Actor.claimed(firstOf(actor, System.getenv("STRATA_ACTOR"), "mcp-stdio"), Optional.empty());
        } catch (InvalidInputException e) {
            System.err.println("strata mcp: " + e.getMessage());
            return 2;
        }
        StrataSettings settings = SettingsLoader.fromDefaults().load();
        if (dataDir != null) {
            settings = settings.withDataDir(dataDir);
        }
        if (workspace != null) {
            settings = settings.withWorkspaceDir(workspace);
        }
        DataDirectory.requireWritable(settings.storage().dataDir());
        try (StrataCore core = StrataCore.open(settings, Clock.systemUTC());
             LogScrubbing scrubbing = LogScrubbing.install(core.access().vault().scrubber())) {
            // As X-Strata-Actor over HTTP: an actor is stored on rows and in the trail, so a secret is refused.
            if (core.access().secrets().containsSecret(sessionActor.id())) {
                System.err.println("strata mcp: actor: holds a secret stored in the vault: name the agent or session,"
                        + " never a credential");
                return 2;
            }
            core.retrieval().startEmbedding(core.memory().memories());
            List<FixedRate> jobs = Strata.scheduleJobs(core);
            try {
                System.err.printf("strata mcp: serving tenant '%s' on stdio (database %s)%n", sessionTenant.value(),
                        settings.storage().databaseFile().toAbsolutePath());
                new McpStdio(new McpDispatcher(core.tools(), Strata.mcpResources(core)), sessionTenant, sessionActor,
                        (int) Math.min(Integer.MAX_VALUE, settings.server().gateway().maxBodyBytes())).run(System.in, protocol);
            } finally {
                Strata.stopJobs(jobs);
            }
        }
        return 0;
    }

    /**
     * The bridge: nothing local is opened; the running server authenticates the key, binds the tenant (sent
     * only when given, else the key's own) and decides every answer.
     */
    private Integer bridge(String bridgeUrl) {
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        URI endpoint;
        try {
            endpoint = McpBridge.endpoint(bridgeUrl);
        } catch (IllegalArgumentException e) {
            System.err.println("strata mcp: --url " + e.getMessage());
            return 2;
        }
        Optional<String> apiKey = Optional.ofNullable(firstOf(key, System.getenv("STRATA_API_KEY"), null));
        Optional<String> sessionTenant = Optional.ofNullable(firstOf(tenant, System.getenv("STRATA_TENANT"), null));
        Optional<String> sessionActor = Optional.ofNullable(firstOf(actor, System.getenv("STRATA_ACTOR"), null));
        System.err.printf("strata mcp: bridging stdio to %s%n", endpoint);
        try {
            new McpBridge(endpoint, apiKey, sessionTenant, sessionActor,
                    HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()).run(System.in, protocol);
        } catch (IOException e) {
            System.err.println("strata mcp: " + e.getMessage());
            return 1;
        }
        return 0;
    }

    private static String firstOf(String flag, String env, String fallback) {
        if (flag != null) {
            return flag;
        }
        return env != null && !env.isBlank() ? env : fallback;
    }
}
