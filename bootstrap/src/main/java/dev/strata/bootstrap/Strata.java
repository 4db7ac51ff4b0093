package dev.strata.bootstrap;

import dev.strata.adapters.http.Gateway;
import dev.strata.adapters.http.GatewayCore;
import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.conversation.ConversationHttpService;
import dev.strata.adapters.http.trading.TradingHttpService;
import dev.strata.adapters.http.audit.AuditHttpService;
import dev.strata.adapters.http.graph.EntityHttpService;
import dev.strata.adapters.http.fact.FactHttpService;
import dev.strata.adapters.http.learning.LearningHttpService;
import dev.strata.adapters.http.role.RoleHttpService;
import dev.strata.adapters.http.memory.MemoryHttpService;
import dev.strata.adapters.http.languagemodel.ModelHttpService;
import dev.strata.adapters.http.personalization.PersonalizationHttpService;
import dev.strata.adapters.http.session.SessionHttpService;
import dev.strata.adapters.http.snapshot.SnapshotHttpService;
import dev.strata.adapters.http.mcp.McpHttpService;
import dev.strata.domain.session.SessionId;
import dev.strata.adapters.http.mcp.McpResources;
import dev.strata.adapters.http.tool.ToolHttpService;
import dev.strata.adapters.http.vault.VaultHttpService;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteFailures;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.memory.SecretSafeSearch;
import dev.strata.application.session.MemoryErasure;
import dev.strata.application.tool.ToolRegistry;
import dev.strata.application.vault.VaultService;
import dev.strata.bootstrap.area.BackgroundJobs;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.llm.ModelCircuitCheck;
import dev.strata.bootstrap.learning.LearningModule;
import dev.strata.bootstrap.retrieval.BacklogObservation;
import dev.strata.bootstrap.retrieval.RegisteredGauges;
import dev.strata.bootstrap.server.ServerSettings;
import io.helidon.health.HealthCheck;
import io.helidon.scheduling.FixedRate;
import io.helidon.scheduling.Scheduling;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The server: opens the database with every area wired on it ({@link StrataCore}), starts the gateway
 * and schedules every area's jobs (which hold no logic: each calls one use case).
 */
public final class Strata implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Strata.class.getName());

    private final StrataCore core;
    private final Gateway gateway;
    private final List<FixedRate> jobs;
    private final LogScrubbing logScrubbing;
    private final Optional<BacklogObservation> backlog;
    private final RegisteredGauges searchMetrics;

    private Strata(StrataCore core, Gateway gateway, List<FixedRate> jobs, LogScrubbing logScrubbing,
                   Optional<BacklogObservation> backlog, RegisteredGauges searchMetrics) {
        this.core = core;
        this.backlog = backlog;
        this.searchMetrics = searchMetrics;
        this.gateway = gateway;
        this.jobs = jobs;
        this.logScrubbing = logScrubbing;
    }

    /** Authentication is required but no key could pass it: starting would lock every client out. */
    public static final class NoActiveKeyException extends IllegalStateException {
        NoActiveKeyException(StrataSettings settings) {
            super("authentication is required (" + (settings.server().gateway().requireAuth() ? "--require-auth / "
                    + "strata.server.require-auth" : "--host " + settings.server().gateway().host()
                    + " is not a loopback address") + ") but no active API key exists in "
                    + settings.storage().databaseFile().toAbsolutePath() + "; create one first: strata keys create "
                    + "--tenant <tenant> --data-dir " + settings.storage().dataDir());
        }
    }

    /**
     * Starts the server.
     *
     * @throws IllegalStateException with a message for the operator when the data directory is read-only,
     *                               full or otherwise unusable ({@link DataDirectory}), before anything is
     *                               written there
     */
    public static Strata start(StrataSettings settings, Clock clock) {
        DataDirectory.requireWritable(settings.storage().dataDir());
        StrataCore core = StrataCore.open(settings, clock);
        LogScrubbing logScrubbing = null;
        Optional<BacklogObservation> backlog = Optional.empty();
        RegisteredGauges searchMetrics = null;
        try {
            if (settings.server().gateway().authRequired() && !core.access().access().hasActiveKey()) {
                throw new NoActiveKeyException(settings);
            }
            logScrubbing = LogScrubbing.install(core.access().vault().scrubber());
            core.retrieval().startEmbedding(core.memory().memories());
            backlog = core.retrieval().observation(core.database(), clock);
            searchMetrics = core.retrieval().searchMetrics();
            List<HealthCheck> checks = new ArrayList<>(List.of(new ModelCircuitCheck(core.llm())));
            backlog.ifPresent(b -> checks.add(b.healthCheck()));
            Gateway gateway = startGateway(settings.server(), core, checks);
            List<FixedRate> jobs = scheduleJobs(core);
            LOG.log(System.Logger.Level.INFO, "workspace: " + settings.workspace().directory().toAbsolutePath());
            return new Strata(core, gateway, jobs, logScrubbing, backlog, searchMetrics);
        } catch (RuntimeException e) {
            backlog.ifPresent(BacklogObservation::close);
            if (searchMetrics != null) {
                searchMetrics.close();
            }
            if (logScrubbing != null) {
                logScrubbing.close();
            }
            core.close();
            throw e;
        }
    }

    /**
     * The gateway with every area's resource, and the agent tools each area declares. The tools'
     * rules live in the registry (application); the gateway only translates them to HTTP.
     *
     * @param healthChecks reported after storage in the health JSON (the model circuit, the embedding backlog)
     */
    private static Gateway startGateway(ServerSettings server, StrataCore core, List<HealthCheck> healthChecks) {
        GatewaySettings settings = server.gateway();
        MemoryService memories = core.memory().memories();
        VaultService vault = core.access().vault();
        SecretSafeSearch search = new SecretSafeSearch(memories, vault.scrubber());
        LearningModule learning = core.learning();
        ToolRegistry tools = core.tools();
        return Gateway.start(settings,
                new GatewayCore(core.access().access(), vault.scrubber(), () -> ping(core.database()),
                        SqliteFailures::isUnavailable, healthChecks, core.idempotency().idempotency(),
                        SqliteFailures::retryAfter),
                Stream.of(Stream.<Resource>of(new MemoryHttpService(memories, search,
                                new MemoryErasure(memories, core.session().sessions()), settings),
                        // /v1/profile: the personalization routes, then the key/value profile's.
                        new PersonalizationHttpService(core.personalization().personalization(),
                                core.personalization().capital(), core.personalization().strategyRuns(),
                                core.profile().profile(), settings),
                        new SnapshotHttpService(core.session().snapshots()),
                        new SessionHttpService(core.session().sessions(), settings),
                        new ToolHttpService(tools, settings),
                        new McpHttpService(tools, mcpResources(core), settings),
                        new VaultHttpService(vault, settings),
                        new FactHttpService(core.fact().facts(), settings),
                        new ModelHttpService(core.llm().spend()),
                        new EntityHttpService(core.memory().entities()),
                        new AuditHttpService(core.access().audit())),
                        new LearningHttpService(learning.methodologies(), learning.trades(), learning.preferences(),
                                learning.learnings(), learning.pages(), learning.synthesis(), settings)
                                .resources().stream(),
                        new RoleHttpService(core.role().roles(), core.role().reflector(), core.role().prices(),
                                settings.maxBodyBytes()).resources().stream(),
                        Stream.<Resource>of(new ConversationHttpService(core.conversation().conversations(), settings)),
                        new TradingHttpService(core.trading().mirror(), core.trading().profile(),
                                core.trading().sync(), core.rebuild().refresh(), settings).resources().stream())
                        .flatMap(area -> area).toList());
    }

    /** What MCP serves as resources, for every transport: the context block and a frozen session's prompt. */
    public static McpResources mcpResources(StrataCore core) {
        return new McpResources(core.session().snapshots()::render,
                (tenant, id) -> core.session().sessions().prompt(tenant, SessionId.parse(id)));
    }

    /** Schedules every area's jobs, as the server does; the caller stops them with {@link #stopJobs}. */
    public static List<FixedRate> scheduleJobs(StrataCore core) {
        return core.jobs().stream().map(job -> schedule(core, job)).toList();
    }

    public static void stopJobs(List<FixedRate> jobs) {
        jobs.forEach(job -> job.executor().shutdownNow());
    }

    private static boolean ping(SqliteDatabase db) {
        return db.dbClient().execute().get("SELECT 1 AS ok").isPresent();
    }

    /**
     * Runs the job's use case at its fixed rate, as background work ({@link BackgroundJobs}: its writes in
     * slices that give way to requests); a failure is logged and retried next time.
     */
    private static FixedRate schedule(StrataCore core, Job job) {
        return Scheduling.fixedRate()
                .initialDelay(job.firstDelay().toSeconds())
                .delay(job.period().toSeconds())
                .timeUnit(TimeUnit.SECONDS)
                .task(invocation -> {
                    try {
                        BackgroundJobs.runOnce(core.database(), job);
                    } catch (RuntimeException e) {
                        LOG.log(System.Logger.Level.WARNING, job.what() + " failed; will retry", e);
                    }
                })
                .build();
    }

    public int port() {
        return gateway.port();
    }

    /** The wired areas this server runs. */
    public StrataCore core() {
        return core;
    }

    @Override
    public void close() {
        jobs.forEach(job -> job.executor().shutdownNow());
        gateway.close();
        backlog.ifPresent(BacklogObservation::close);
        searchMetrics.close();
        core.close();
        logScrubbing.close();
    }
}
