package dev.strata.bootstrap.session;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteSessionExplanationStore;
import dev.strata.adapters.sqlite.SqliteSessionStore;
import dev.strata.adapters.workspace.FileSystemWorkspaceBootstrap;
import dev.strata.adapters.workspace.FileSystemWorkspaceReader;
import dev.strata.application.session.SessionLessons;
import dev.strata.application.session.SessionService;
import dev.strata.application.snapshot.SnapshotService;
import dev.strata.bootstrap.access.AccessModule;
import dev.strata.bootstrap.area.AreaModule;
import dev.strata.bootstrap.area.Job;
import dev.strata.bootstrap.fact.FactModule;
import dev.strata.bootstrap.memory.MemoryModule;
import dev.strata.bootstrap.personalization.PersonalizationModule;
import dev.strata.bootstrap.profile.ProfileModule;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The session area: the memory-context block (memories, profile and active facts), the workspace
 * files, and the frozen session prompt built from both and from the personalization area.
 */
public final class SessionModule implements AreaModule {

    private final SnapshotService snapshots;
    private final SessionService sessions;
    private final Duration purgeInterval;

    private SessionModule(SnapshotService snapshots, SessionService sessions, Duration purgeInterval) {
        this.snapshots = snapshots;
        this.sessions = sessions;
        this.purgeInterval = purgeInterval;
    }

    public static SessionModule wire(SqliteDatabase db, WorkspaceSettings workspace, SessionSettings settings,
                                     MemoryModule memory, ProfileModule profile, FactModule facts, AccessModule access,
                                     PersonalizationModule personalization, SessionLessons lessons,
                                     Clock clock) {
        SnapshotService snapshots = new SnapshotService(memory.store(), profile.store(), memory.snapshotLimit(), clock,
                facts.snapshotFacts(), access.secrets(), Optional.of(facts.snapshotFactsAsOf()));
        SessionService sessions = new SessionService(
                new FileSystemWorkspaceReader(workspace.directory(), workspace.limits(), clock),
                new FileSystemWorkspaceBootstrap(workspace.directory()),
                snapshots, profile.profile(), new SqliteSessionStore(db), new SqliteSessionExplanationStore(db),
                settings.ttl(), clock, access.secrets(), personalization.forSessions(), lessons);
        return new SessionModule(snapshots, sessions, settings.purgeInterval());
    }

    /** The memory-context block. */
    public SnapshotService snapshots() {
        return snapshots;
    }

    public SessionService sessions() {
        return sessions;
    }

    @Override
    public List<Job> jobs() {
        return List.of(Job.every(purgeInterval, "purge of expired sessions", sessions::purgeExpired));
    }
}
