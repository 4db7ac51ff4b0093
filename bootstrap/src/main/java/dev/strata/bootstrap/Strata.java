package dev.strata.bootstrap;

import dev.strata.adapters.http.Gateway;
import dev.strata.adapters.http.GatewayServices;
import dev.strata.adapters.sqlite.SearchIndexCompaction;
import dev.strata.adapters.sqlite.SqliteApiKeyStore;
import dev.strata.adapters.sqlite.SqliteAuditLog;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteFactStore;
import dev.strata.adapters.sqlite.SqliteFailures;
import dev.strata.adapters.sqlite.SqliteMemoryEdgeStore;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteSessionStore;
import dev.strata.adapters.sqlite.SqliteSpendLedger;
import dev.strata.adapters.sqlite.SqliteStoredTextRedaction;
import dev.strata.adapters.sqlite.SqliteUserProfileStore;
import dev.strata.adapters.sqlite.SqliteVaultStore;
import dev.strata.adapters.workspace.FileSystemWorkspaceBootstrap;
import dev.strata.adapters.workspace.FileSystemWorkspaceReader;
import dev.strata.application.access.AccessService;
import dev.strata.application.entity.EntityService;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.FactSweeper;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.model.ModelSpendService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.application.vault.ScrubbedAuditLog;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.entity.EdgeExtractor;
import dev.strata.domain.entity.FinanceEntityExtractor;
import dev.strata.domain.model.LanguageModel;
import dev.strata.domain.vault.CredentialScrubber;
import io.helidon.scheduling.FixedRate;
import io.helidon.scheduling.Scheduling;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The composition root: the only place that knows every adapter. It opens the database, builds the
 * application services on the ports, starts the gateway and schedules the background jobs (which
 * hold no logic: each calls one use case).
 */
public final class Strata implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Strata.class.getName());

    private final SqliteDatabase database;
    private final Services services;
    private final Gateway gateway;
    private final List<FixedRate> jobs;
    private final LogScrubbing logScrubbing;

    private Strata(SqliteDatabase database, Services services, Gateway gateway, List<FixedRate> jobs,
                   LogScrubbing logScrubbing) {
        this.database = database;
        this.services = services;
        this.gateway = gateway;
        this.jobs = jobs;
        this.logScrubbing = logScrubbing;
    }

    /**
     * The application services wired on one database, without any server: for the CLI and benchmarks.
     * Recorded facts are swept on {@code sweeps}' background thread, which {@link #close()} stops.
     */
    public record Services(MemoryService memories, ProfileService profile, SnapshotService snapshots,
                           SessionService sessions, GeneralFactService facts, ModelSpendService spend,
                           EntityService entities, AccessService access, VaultService vault, AutoCloseable sweeps,
                           Retrieval retrieval)
            implements AutoCloseable {

        static Services on(SqliteDatabase db, StrataSettings settings, Clock clock) {
            // One extractor for the write path and the replay, so both derive exactly the same edges.
            EdgeExtractor edges = new EdgeExtractor(new FinanceEntityExtractor());
            SqliteMemoryStore memoryStore = new SqliteMemoryStore(db, edges, settings.sqlite().keywordCandidates());
            EntityService entities = new EntityService(new SqliteMemoryEdgeStore(db), edges, clock);
            SqliteUserProfileStore profileStore = new SqliteUserProfileStore(db);
            Retrieval retrieval = Retrieval.on(db, memoryStore, settings.retrieval(), clock);
            // One scrubber for every writer and every output: text is stored with registered secrets replaced.
            CredentialScrubber secrets = new CredentialScrubber();
            MemoryService memories = new MemoryService(memoryStore, new ScrubbedAuditLog(new SqliteAuditLog(db), secrets),
                    clock, settings.limits(), settings.retention(), retrieval.search(), secrets);
            ProfileService profile = new ProfileService(profileStore, clock, secrets);

            SqliteSpendLedger ledger = new SqliteSpendLedger(db);
            LanguageModel model = LanguageModels.of(settings.llm(), ledger, clock);
            SqliteFactStore factStore = new SqliteFactStore(db);
            FactSettings factSettings = settings.facts();
            GeneralFactService facts = new GeneralFactService(factStore, new FactConsolidator(model, factStore,
                    memoryStore, clock, factSettings.consolidation()), clock, settings.limits().maxContentChars(), secrets);
            ExecutorSweepScheduler sweeps = new ExecutorSweepScheduler();
            facts.addListener(new FactSweeper(facts::consolidatePending, sweeps, clock, factSettings.sweepDebounce(),
                    factSettings.sweepMaxWait()));
            if (factSettings.consolidation().enabled() && !model.isEnabled()) {
                LOG.log(System.Logger.Level.WARNING, "MEMORY_CONSOLIDATION_ENABLED is true but no language model is "
                        + "configured: facts are consolidated by exact match only");
            }
            ModelSpendService spend = new ModelSpendService(model, ledger, settings.llm().budget(), clock,
                    settings.llm().budgetZone());

            SnapshotService snapshots = new SnapshotService(memoryStore, profileStore, settings.snapshotLimit(), clock,
                    tenant -> factSettings.snapshotLimit() == 0 ? List.of()
                            : facts.activeFacts(tenant, factSettings.snapshotLimit()), secrets);
            WorkspaceSettings workspace = settings.workspace();
            SessionService sessions = new SessionService(
                    new FileSystemWorkspaceReader(workspace.directory(), workspace.limits(), clock),
                    new FileSystemWorkspaceBootstrap(workspace.directory()),
                    snapshots, profile, new SqliteSessionStore(db), settings.sessions().ttl(), clock, secrets);
            return new Services(memories, profile, snapshots, sessions, facts, spend, entities,
                    new AccessService(new SqliteApiKeyStore(db), clock),
                    new VaultService(new SqliteVaultStore(db, settings.vault().keyring(settings.dataDir())), secrets,
                            clock, new SqliteStoredTextRedaction(db, edges, clock)), sweeps, retrieval);
        }

        @Override
        public void close() {
            retrieval.close();
            try {
                sweeps.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "could not stop the fact sweeps", e);
            }
        }
    }

    /** Authentication is required but no key could pass it: starting would lock every client out. */
    public static final class NoActiveKeyException extends IllegalStateException {
        NoActiveKeyException(StrataSettings settings) {
            super("authentication is required (" + (settings.gateway().requireAuth() ? "--require-auth / "
                    + "strata.server.require-auth" : "--host " + settings.gateway().host() + " is not a loopback address")
                    + ") but no active API key exists in " + settings.databaseFile().toAbsolutePath()
                    + "; create one first: strata keys create --tenant <tenant> --data-dir " + settings.dataDir());
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
        DataDirectory.requireWritable(settings.dataDir());
        SqliteDatabase db = Retrieval.openDatabase(settings, clock);
        Services services = null;
        LogScrubbing logScrubbing = null;
        try {
            services = Services.on(db, settings, clock);
            Services s = services;
            if (settings.gateway().authRequired() && !s.access().hasActiveKey()) {
                throw new NoActiveKeyException(settings);
            }
            logScrubbing = LogScrubbing.install(s.vault().scrubber());
            s.retrieval().startEmbedding(s.memories());
            Gateway gateway = Gateway.start(settings.gateway(), new GatewayServices(s.memories(), s.profile(),
                    s.snapshots(), s.sessions(), s.facts(), s.spend(), s.entities(), () -> ping(db), s.access(),
                    s.vault(), SqliteFailures::isUnavailable));
            List<FixedRate> jobs = new ArrayList<>(List.of(
                    every(settings.purgeInterval(), "purge of expired soft-deleted memories",
                            () -> {
                                s.memories().purgeExpired();
                                s.retrieval().pruneVectors();
                            }),
                    every(settings.sessions().purgeInterval(), "purge of expired sessions",
                            () -> s.sessions().purgeExpired()),
                    // Catches up on facts a sweep left pending (model over budget or down, a sweep lost at shutdown).
                    every(settings.facts().retryInterval(), "catch-up consolidation of pending facts",
                            () -> s.facts().consolidateAll()),
                    // Embeds rows the worker never got to (a full queue, a stop or a crash) or that failed: at
                    // once, in the background, so a restart catches up without `strata reindex`; then every interval.
                    every(Duration.ZERO, settings.retrieval().catchUpInterval(), "catch-up of pending embeddings",
                            () -> s.retrieval().catchUpEmbeddings())));
            if (!settings.sqlite().indexCompactionInterval().isZero()) {
                // First run soon after start: a bulk import before a restart leaves the index in many segments.
                SearchIndexCompaction compaction = new SearchIndexCompaction(db,
                        settings.sqlite().indexCompactionGrowthPercent());
                jobs.add(every(Duration.ofSeconds(10), settings.sqlite().indexCompactionInterval(),
                        "compaction of the search indexes", compaction::compactIfGrown));
            }
            LOG.log(System.Logger.Level.INFO, "workspace: " + settings.workspace().directory().toAbsolutePath());
            return new Strata(db, services, gateway, jobs, logScrubbing);
        } catch (RuntimeException e) {
            if (logScrubbing != null) {
                logScrubbing.close();
            }
            if (services != null) {
                services.close();
            }
            db.close();
            throw e;
        }
    }

    /** A background job: runs one use case at a fixed rate; a failure is logged and retried next time. */
    private static FixedRate every(Duration interval, String what, Runnable useCase) {
        return every(interval, interval, what, useCase);
    }

    private static FixedRate every(Duration initialDelay, Duration interval, String what, Runnable useCase) {
        return Scheduling.fixedRate()
                .initialDelay(initialDelay.toSeconds())
                .delay(interval.toSeconds())
                .timeUnit(TimeUnit.SECONDS)
                .task(invocation -> {
                    try {
                        useCase.run();
                    } catch (RuntimeException e) {
                        LOG.log(System.Logger.Level.WARNING, what + " failed; will retry", e);
                    }
                })
                .build();
    }

    /** Opens the database and wires the services without starting a server. */
    public static Opened open(StrataSettings settings, Clock clock) {
        SqliteDatabase db = Retrieval.openDatabase(settings, clock);
        return new Opened(db, Services.on(db, settings, clock));
    }

    /** Services on an open database; closing closes the database. */
    public record Opened(SqliteDatabase database, Services services) implements AutoCloseable {
        @Override
        public void close() {
            services.close();
            database.close();
        }
    }

    private static boolean ping(SqliteDatabase db) {
        return db.dbClient().execute().get("SELECT 1 AS ok").isPresent();
    }

    public int port() {
        return gateway.port();
    }

    public Services services() {
        return services;
    }

    public SqliteDatabase database() {
        return database;
    }

    @Override
    public void close() {
        jobs.forEach(job -> job.executor().shutdownNow());
        gateway.close();
        services.close();
        logScrubbing.close();
        database.close();
    }
}
