package dev.strata.bootstrap;

import dev.strata.adapters.http.Gateway;
import dev.strata.adapters.http.GatewayServices;
import dev.strata.adapters.sqlite.SqliteAuditLog;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteFactStore;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteSpendLedger;
import dev.strata.adapters.sqlite.SqliteUserProfileStore;
import dev.strata.application.fact.FactConsolidator;
import dev.strata.application.fact.FactSweeper;
import dev.strata.application.fact.GeneralFactService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.model.ModelSpendService;
import dev.strata.domain.model.LanguageModel;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.snapshot.SnapshotService;
import io.helidon.scheduling.FixedRate;
import io.helidon.scheduling.Scheduling;

import java.time.Clock;
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
    private final FixedRate purgeJob;
    private final FixedRate factRetryJob;

    private Strata(SqliteDatabase database, Services services, Gateway gateway, FixedRate purgeJob,
                   FixedRate factRetryJob) {
        this.database = database;
        this.services = services;
        this.gateway = gateway;
        this.purgeJob = purgeJob;
        this.factRetryJob = factRetryJob;
    }

    /**
     * The application services wired on one database, without any server: for the CLI and benchmarks.
     * Recorded facts are swept on {@code sweeps}' background thread, which {@link #close()} stops.
     */
    public record Services(MemoryService memories, ProfileService profile, SnapshotService snapshots,
                           GeneralFactService facts, ModelSpendService spend, AutoCloseable sweeps)
            implements AutoCloseable {

        static Services on(SqliteDatabase db, StrataSettings settings, Clock clock) {
            SqliteMemoryStore memoryStore = new SqliteMemoryStore(db);
            SqliteUserProfileStore profileStore = new SqliteUserProfileStore(db);
            MemoryService memories = new MemoryService(memoryStore, new SqliteAuditLog(db), clock, settings.limits(),
                    settings.retention());
            SqliteSpendLedger ledger = new SqliteSpendLedger(db);
            LanguageModel model = LanguageModels.of(settings.llm(), ledger, clock);
            SqliteFactStore factStore = new SqliteFactStore(db);
            FactSettings factSettings = settings.facts();
            GeneralFactService facts = new GeneralFactService(factStore, new FactConsolidator(model, factStore,
                    memoryStore, clock, factSettings.consolidation()), clock, settings.limits().maxContentChars());
            ExecutorSweepScheduler sweeps = new ExecutorSweepScheduler();
            facts.addListener(new FactSweeper(facts::consolidatePending, sweeps, clock, factSettings.sweepDebounce(),
                    factSettings.sweepMaxWait()));
            if (factSettings.consolidation().enabled() && !model.isEnabled()) {
                LOG.log(System.Logger.Level.WARNING, "MEMORY_CONSOLIDATION_ENABLED is true but no language model is "
                        + "configured: facts are consolidated by exact match only");
            }
            SnapshotService snapshots = new SnapshotService(memoryStore, profileStore, settings.snapshotLimit(),
                    tenant -> factSettings.snapshotLimit() == 0 ? List.of()
                            : facts.activeFacts(tenant, factSettings.snapshotLimit()));
            ModelSpendService spend = new ModelSpendService(model, ledger, settings.llm().budget(), clock,
                    settings.llm().budgetZone());
            return new Services(memories, new ProfileService(profileStore, clock), snapshots, facts, spend, sweeps);
        }

        @Override
        public void close() {
            try {
                sweeps.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "could not stop the fact sweeps", e);
            }
        }
    }

    public static Strata start(StrataSettings settings, Clock clock) {
        SqliteDatabase db = SqliteDatabase.open(settings.databaseFile(), settings.sqlite(), clock);
        try {
            Services services = Services.on(db, settings, clock);
            Gateway gateway = Gateway.start(settings.gateway(), new GatewayServices(services.memories(),
                    services.profile(), services.snapshots(), services.facts(), services.spend(), () -> ping(db)));
            FixedRate purge = Scheduling.fixedRate()
                    .initialDelay(settings.purgeInterval().toSeconds())
                    .delay(settings.purgeInterval().toSeconds())
                    .timeUnit(TimeUnit.SECONDS)
                    .task(invocation -> purge(services.memories()))
                    .build();
            FixedRate factRetry = Scheduling.fixedRate()
                    .initialDelay(settings.facts().retryInterval().toSeconds())
                    .delay(settings.facts().retryInterval().toSeconds())
                    .timeUnit(TimeUnit.SECONDS)
                    .task(invocation -> consolidatePendingFacts(services.facts()))
                    .build();
            return new Strata(db, services, gateway, purge, factRetry);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /** Opens the database and wires the services without starting a server. */
    public static Opened open(StrataSettings settings, Clock clock) {
        SqliteDatabase db = SqliteDatabase.open(settings.databaseFile(), settings.sqlite(), clock);
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

    private static void purge(MemoryService memories) {
        try {
            memories.purgeExpired();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "purge of expired soft-deleted memories failed; will retry", e);
        }
    }

    /** Catches up on facts a sweep left pending (model over budget or unreachable, a sweep lost at shutdown). */
    private static void consolidatePendingFacts(GeneralFactService facts) {
        try {
            facts.consolidateAll();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "catch-up consolidation of pending facts failed; will retry", e);
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
        purgeJob.executor().shutdownNow();
        factRetryJob.executor().shutdownNow();
        gateway.close();
        services.close();
        database.close();
    }
}
