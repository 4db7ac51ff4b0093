package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.application.memory.MemoryLimits;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/** Everything the composition root needs, resolved from defaults, environment and flags. */
public record StrataSettings(Path dataDir, GatewaySettings gateway, MemoryLimits limits, Duration retention,
                             Duration purgeInterval, int snapshotLimit, SqliteSettings sqlite,
                             WorkspaceSettings workspace, SessionSettings sessions, LlmSettings llm,
                             FactSettings facts, RetrievalSettings retrieval, VaultSettings vault) {

    /** Without vault settings: the key file beside the data directory, no keys in the environment. */
    public StrataSettings(Path dataDir, GatewaySettings gateway, MemoryLimits limits, Duration retention,
                          Duration purgeInterval, int snapshotLimit, SqliteSettings sqlite, WorkspaceSettings workspace,
                          SessionSettings sessions, LlmSettings llm, FactSettings facts, RetrievalSettings retrieval) {
        this(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace, sessions, llm, facts,
                retrieval, VaultSettings.defaults());
    }

    public StrataSettings {
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(gateway, "gateway");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(purgeInterval, "purgeInterval");
        Objects.requireNonNull(sqlite, "sqlite");
        Objects.requireNonNull(workspace, "workspace");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(llm, "llm");
        Objects.requireNonNull(facts, "facts");
        Objects.requireNonNull(retrieval, "retrieval");
        Objects.requireNonNull(vault, "vault");
        if (snapshotLimit < 1) {
            throw new IllegalArgumentException("snapshot limit must be positive");
        }
    }

    public Path databaseFile() {
        return dataDir.resolve(SqliteDatabase.FILE_NAME);
    }

    public StrataSettings withDataDir(Path dir) {
        return new StrataSettings(dir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                sessions, llm, facts, retrieval, vault);
    }

    public StrataSettings withSqlite(SqliteSettings s) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, s, workspace,
                sessions, llm, facts, retrieval, vault);
    }

    public StrataSettings withGateway(GatewaySettings g) {
        return new StrataSettings(dataDir, g, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                sessions, llm, facts, retrieval, vault);
    }

    public StrataSettings withWorkspaceDir(Path dir) {
        return withWorkspace(new WorkspaceSettings(dir, workspace.limits()));
    }

    public StrataSettings withWorkspace(WorkspaceSettings w) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, w,
                sessions, llm, facts, retrieval, vault);
    }

    public StrataSettings withSessions(SessionSettings s) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                s, llm, facts, retrieval, vault);
    }

    public StrataSettings withLlm(LlmSettings l) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                sessions, l, facts, retrieval, vault);
    }

    public StrataSettings withRetrieval(RetrievalSettings r) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                sessions, llm, facts, r, vault);
    }

    public StrataSettings withVault(VaultSettings v) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                sessions, llm, facts, retrieval, v);
    }

    public StrataSettings withFacts(FactSettings f) {
        return new StrataSettings(dataDir, gateway, limits, retention, purgeInterval, snapshotLimit, sqlite, workspace,
                sessions, llm, f, retrieval, vault);
    }
}
