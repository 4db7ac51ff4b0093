package dev.strata.bootstrap;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.sqlite.SqliteSettings;
import dev.strata.application.memory.MemoryLimits;
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
            Map.entry("strata.server.require-auth", "STRATA_REQUIRE_AUTH"),
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
            Map.entry("strata.sqlite.synchronous", "STRATA_SQLITE_SYNCHRONOUS"));

    private final Config config;
    private final Map<String, String> env;

    SettingsLoader(Config config, Map<String, String> env) {
        this.config = config;
        this.env = env;
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
                longValue("strata.server.max-batch-body-bytes"),
                bool("strata.server.require-auth"));
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
                sqlite);
    }

    private String string(String key) {
        String envName = ENV.get(key);
        Optional<String> fromEnv = Optional.ofNullable(envName).map(env::get).filter(v -> !v.isBlank());
        return fromEnv.orElseGet(() -> config.get(key).asString()
                .orElseThrow(() -> new IllegalStateException("missing configuration key " + key)));
    }

    private boolean bool(String key) {
        String raw = string(key).strip().toLowerCase(Locale.ROOT);
        return switch (raw) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("configuration " + key + " (" + ENV.get(key)
                    + ") must be true or false, got '" + raw + "'");
        };
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
