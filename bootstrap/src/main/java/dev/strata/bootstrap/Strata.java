package dev.strata.bootstrap;

import dev.strata.adapters.http.Gateway;
import dev.strata.adapters.http.GatewayServices;
import dev.strata.adapters.sqlite.SqliteAuditLog;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteMemoryStore;
import dev.strata.adapters.sqlite.SqliteSessionStore;
import dev.strata.adapters.sqlite.SqliteUserProfileStore;
import dev.strata.adapters.workspace.FileSystemWorkspaceBootstrap;
import dev.strata.adapters.workspace.FileSystemWorkspaceReader;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.profile.ProfileService;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
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
    private final FixedRate sessionPurgeJob;

    private Strata(SqliteDatabase database, Services services, Gateway gateway, FixedRate purgeJob,
                   FixedRate sessionPurgeJob) {
        this.database = database;
        this.services = services;
        this.gateway = gateway;
        this.purgeJob = purgeJob;
        this.sessionPurgeJob = sessionPurgeJob;
    }

    /** The application services wired on one database, without any server: for the CLI and benchmarks. */
    public record Services(MemoryService memories, ProfileService profile, SnapshotService snapshots,
                           SessionService sessions) {

        static Services on(SqliteDatabase db, StrataSettings settings, Clock clock) {
            SqliteMemoryStore memoryStore = new SqliteMemoryStore(db);
            SqliteUserProfileStore profileStore = new SqliteUserProfileStore(db);
            MemoryService memories = new MemoryService(memoryStore, new SqliteAuditLog(db), clock, settings.limits(),
                    settings.retention());
            ProfileService profile = new ProfileService(profileStore, clock);
            SnapshotService snapshots = new SnapshotService(memoryStore, profileStore, settings.snapshotLimit(), clock);
            WorkspaceSettings workspace = settings.workspace();
            SessionService sessions = new SessionService(
                    new FileSystemWorkspaceReader(workspace.directory(), workspace.limits(), clock),
                    new FileSystemWorkspaceBootstrap(workspace.directory()),
                    snapshots, profile, new SqliteSessionStore(db), settings.sessions().ttl(), clock);
            return new Services(memories, profile, snapshots, sessions);
        }
    }

    public static Strata start(StrataSettings settings, Clock clock) {
        SqliteDatabase db = SqliteDatabase.open(settings.databaseFile(), settings.sqlite(), clock);
        try {
            Services services = Services.on(db, settings, clock);
            Gateway gateway = Gateway.start(settings.gateway(), new GatewayServices(services.memories(),
                    services.profile(), services.snapshots(), services.sessions(), () -> ping(db)));
            FixedRate purge = Scheduling.fixedRate()
                    .initialDelay(settings.purgeInterval().toSeconds())
                    .delay(settings.purgeInterval().toSeconds())
                    .timeUnit(TimeUnit.SECONDS)
                    .task(invocation -> purge(services.memories()))
                    .build();
            FixedRate sessionPurge = Scheduling.fixedRate()
                    .initialDelay(settings.sessions().purgeInterval().toSeconds())
                    .delay(settings.sessions().purgeInterval().toSeconds())
                    .timeUnit(TimeUnit.SECONDS)
                    .task(invocation -> purgeSessions(services.sessions()))
                    .build();
            LOG.log(System.Logger.Level.INFO, "workspace: " + settings.workspace().directory().toAbsolutePath());
            return new Strata(db, services, gateway, purge, sessionPurge);
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

    private static void purgeSessions(SessionService sessions) {
        try {
            sessions.purgeExpired();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "purge of expired sessions failed; will retry", e);
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
        sessionPurgeJob.executor().shutdownNow();
        gateway.close();
        database.close();
    }
}
