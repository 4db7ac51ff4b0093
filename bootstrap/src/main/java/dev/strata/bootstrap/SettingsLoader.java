package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.adapters.workspace.WorkspaceRoot;
import dev.strata.application.memory.MemoryLimits;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.workspace.WorkspaceLimits;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.sqlite.SQLiteConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@code application.yaml} with Helidon Config and lets an environment variable override each
 * key. The variable names are explicit (see {@link #ENV}) rather than derived, so the README's
 * table is the whole contract and a typo in a variable cannot silently map somewhere else.
 */
public final class SettingsLoader {

    /** Environment variable for each configuration key. */
    static final Map<String, String> ENV = Map.ofEntries(
            Map.entry("strata.data-dir", "STRATA_DATA_DIR"),
            Map.entry("strata.server.host", "STRATA_HOST"),
            Map.entry("strata.server.port", "STRATA_PORT"),
            Map.entry("strata.server.max-body-bytes", "STRATA_MAX_BODY_BYTES"),
            Map.entry("strata.server.max-batch-body-bytes", "STRATA_MAX_BATCH_BODY_BYTES"),
            Map.entry("strata.memory.max-content-chars", "STRATA_MAX_CONTENT_CHARS"),
            Map.entry("strata.memory.max-metadata-chars", "STRATA_MAX_METADATA_CHARS"),
            Map.entry("strata.memory.max-batch-size", "STRATA_MAX_BATCH_SIZE"),
            Map.entry("strata.memory.retention-days", "STRATA_RETENTION_DAYS"),
            Map.entry("strata.memory.purge-interval-minutes", "STRATA_PURGE_INTERVAL_MINUTES"),
            Map.entry("strata.memory.snapshot-limit", "STRATA_SNAPSHOT_LIMIT"),
            Map.entry("strata.sqlite.pool-size", "STRATA_SQLITE_POOL_SIZE"),
            Map.entry("strata.sqlite.busy-timeout-ms", "STRATA_SQLITE_BUSY_TIMEOUT_MS"),
            Map.entry("strata.sqlite.synchronous", "STRATA_SQLITE_SYNCHRONOUS"),
            Map.entry("strata.workspace.dir", "STRATA_WORKSPACE"),
            Map.entry("strata.workspace.max-file-chars", "STRATA_WORKSPACE_MAX_FILE_CHARS"),
            Map.entry("strata.workspace.max-total-chars", "STRATA_WORKSPACE_MAX_TOTAL_CHARS"),
            Map.entry("strata.workspace.max-file-bytes", "STRATA_WORKSPACE_MAX_FILE_BYTES"),
            Map.entry("strata.workspace.daily-note-days", "STRATA_WORKSPACE_DAILY_NOTE_DAYS"),
            Map.entry("strata.sessions.ttl-minutes", "STRATA_SESSION_TTL_MINUTES"),
            Map.entry("strata.sessions.purge-interval-minutes", "STRATA_SESSION_PURGE_INTERVAL_MINUTES"));

    private final Config config;
    private final Map<String, String> env;
    private final Path userHome;

    SettingsLoader(Config config, Map<String, String> env) {
        this(config, env, Path.of(System.getProperty("user.home")));
    }

    SettingsLoader(Config config, Map<String, String> env, Path userHome) {
        this.config = config;
        this.env = env;
        this.userHome = userHome;
    }

    public static SettingsLoader fromDefaults() {
        return new SettingsLoader(Config.just(ConfigSources.classpath("application.yaml")), System.getenv());
    }

    public StrataSettings load() {
        MemoryLimits defaults = MemoryLimits.DEFAULTS;
        MemoryLimits limits = new MemoryLimits(
                integer("strata.memory.max-content-chars"),
                integer("strata.memory.max-metadata-chars"),
                integer("strata.memory.max-batch-size"),
                defaults.maxListLimit(), defaults.maxSearchLimit(),
                defaults.defaultListLimit(), defaults.defaultSearchLimit());
        GatewaySettings gateway = new GatewaySettings(
                string("strata.server.host"),
                integer("strata.server.port"),
                longValue("strata.server.max-body-bytes"),
                longValue("strata.server.max-batch-body-bytes"));
        SqliteSettings sqlite = new SqliteSettings(
                integer("strata.sqlite.pool-size"),
                Duration.ofMillis(longValue("strata.sqlite.busy-timeout-ms")),
                synchronous(string("strata.sqlite.synchronous")));
        return new StrataSettings(
                Path.of(string("strata.data-dir")),
                gateway,
                limits,
                Duration.ofDays(integer("strata.memory.retention-days")),
                Duration.ofMinutes(integer("strata.memory.purge-interval-minutes")),
                integer("strata.memory.snapshot-limit"),
                sqlite,
                workspace(),
                new SessionSettings(Duration.ofMinutes(longValue("strata.sessions.ttl-minutes")),
                        Duration.ofMinutes(longValue("strata.sessions.purge-interval-minutes"))));
    }

    private WorkspaceSettings workspace() {
        WorkspaceLimits limits;
        try {
            limits = new WorkspaceLimits(integer("strata.workspace.max-file-chars"),
                    integer("strata.workspace.max-total-chars"), longValue("strata.workspace.max-file-bytes"),
                    integer("strata.workspace.daily-note-days"));
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException("configuration strata.workspace: " + e.getMessage(), e);
        }
        return new WorkspaceSettings(WorkspaceRoot.locate(string("strata.workspace.dir"), userHome), limits);
    }

    private String string(String key) {
        String envName = ENV.get(key);
        Optional<String> fromEnv = Optional.ofNullable(envName).map(env::get).filter(v -> !v.isBlank());
        return fromEnv.orElseGet(() -> config.get(key).asString()
                .orElseThrow(() -> new IllegalStateException("missing configuration key " + key)));
    }

    private int integer(String key) {
        return (int) longValue(key);
    }

    private long longValue(String key) {
        String raw = string(key);
        try {
            return Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key) + ") must be an integer, got '"
                    + raw + "'");
        }
    }

    private static SQLiteConfig.SynchronousMode synchronous(String raw) {
        try {
            return SQLiteConfig.SynchronousMode.valueOf(raw.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration strata.sqlite.synchronous must be OFF, NORMAL or FULL");
        }
    }
}
