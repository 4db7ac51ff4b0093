package dev.strata.bootstrap;

import dev.strata.adapters.http.Gateway;
import dev.strata.adapters.http.GatewayServices;
import dev.strata.adapters.sqlite.SqliteApiKeyStore;
import dev.strata.adapters.sqlite.SqliteAuditLog;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteUserProfileStore;
import dev.strata.adapters.sqlite.SqliteVaultStore;
import dev.strata.application.access.AccessService;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.vault.CredentialScrubber;
import io.helidon.scheduling.FixedRate;
import io.helidon.scheduling.Scheduling;

import java.time.Clock;
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
    private final LogScrubbing logScrubbing;

    private Strata(SqliteDatabase database, Services services, Gateway gateway, FixedRate purgeJob,
                   LogScrubbing logScrubbing) {
        this.database = database;
        this.services = services;
        this.gateway = gateway;
        this.purgeJob = purgeJob;
        this.logScrubbing = logScrubbing;
    }

    /** The application services wired on one database, without any server: for the CLI and benchmarks. */
    public record Services(MemoryService memories, ProfileService profile, SnapshotService snapshots,
                           AccessService access, VaultService vault) {

        static Services on(SqliteDatabase db, StrataSettings settings, Clock clock) {
            SqliteMemoryStore memoryStore = new SqliteMemoryStore(db);
            SqliteUserProfileStore profileStore = new SqliteUserProfileStore(db);
            MemoryService memories = new MemoryService(memoryStore, new SqliteAuditLog(db), clock, settings.limits(),
                    settings.retention());
            return new Services(memories, new ProfileService(profileStore, clock),
                    new SnapshotService(memoryStore, profileStore, settings.snapshotLimit()),
                    new AccessService(new SqliteApiKeyStore(db), clock),
                    new VaultService(new SqliteVaultStore(db), new CredentialScrubber(), clock));
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

    public static Strata start(StrataSettings settings, Clock clock) {
        SqliteDatabase db = SqliteDatabase.open(settings.databaseFile(), settings.sqlite(), clock);
        LogScrubbing logScrubbing = null;
        try {
            Services services = Services.on(db, settings, clock);
            if (settings.gateway().authRequired() && !services.access().hasActiveKey()) {
                throw new NoActiveKeyException(settings);
            }
            logScrubbing = LogScrubbing.install(services.vault().scrubber());
            Gateway gateway = Gateway.start(settings.gateway(), new GatewayServices(services.memories(),
                    services.profile(), services.snapshots(), () -> ping(db), services.access(), services.vault()));
            FixedRate purge = Scheduling.fixedRate()
                    .initialDelay(settings.purgeInterval().toSeconds())
                    .delay(settings.purgeInterval().toSeconds())
                    .timeUnit(TimeUnit.SECONDS)
                    .task(invocation -> purge(services.memories()))
                    .build();
            return new Strata(db, services, gateway, purge, logScrubbing);
        } catch (RuntimeException e) {
            if (logScrubbing != null) {
                logScrubbing.close();
            }
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
        gateway.close();
        logScrubbing.close();
        database.close();
    }
}
