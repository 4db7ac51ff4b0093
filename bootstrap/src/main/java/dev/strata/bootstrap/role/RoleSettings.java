package dev.strata.bootstrap.role;

import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.net.URI;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Role memory (spec 05): {@code strata.roles.*}. Where the role files are, how reflections run, and the
 * HTTP callbacks that measure outcomes and gather evidence.
 *
 * @param directory         the role files' directory; empty means {@code <data-dir>/roles}, resolved by the
 *                          module so a changed data directory moves it too
 * @param reflectBatchSize  the most entries one reflection run looks at (bounds what a run can spend)
 * @param cronZone          the zone the roles' cron expressions are read in
 * @param priceTolerance    how far a pushed price may be from the instant a probe asks for
 * @param priceUrl          the price endpoint template ({@code {asset}}, {@code {at}}); empty = pushed prices only
 * @param callbackToken     the bearer token sent to every callback (price, probes, sources), when set
 * @param callbackTimeout   connect and request timeout of every callback
 * @param probes            custom outcome probes: probe id to callback URL
 * @param sources           post-hoc evidence sources: source id to callback URL
 * @param priceRetention    pushed prices older than this are purged by a daily job
 * @param cronTick          how often the cron trigger looks whether a role's expression fired
 * @param embeddingCatchUp  how often entries without an embedding are embedded
 * @param sessionLessons    the most lessons a session's lessons block holds (1-100)
 */
public record RoleSettings(Optional<Path> directory, int reflectBatchSize, ZoneId cronZone, Duration priceTolerance,
                           Optional<String> priceUrl, Optional<String> callbackToken, Duration callbackTimeout,
                           Map<String, URI> probes, Map<String, URI> sources, Duration priceRetention,
                           Duration cronTick, Duration embeddingCatchUp, int sessionLessons)
        implements AreaSettings {

    static final ConfigKey DIR = new ConfigKey("strata.roles.dir", "STRATA_ROLES_DIR");
    static final ConfigKey REFLECT_BATCH_SIZE =
            new ConfigKey("strata.roles.reflect-batch-size", "STRATA_ROLES_REFLECT_BATCH_SIZE");
    static final ConfigKey CRON_ZONE = new ConfigKey("strata.roles.cron-zone", "STRATA_ROLES_CRON_ZONE");
    static final ConfigKey PRICE_TOLERANCE =
            new ConfigKey("strata.roles.price-tolerance-minutes", "STRATA_ROLES_PRICE_TOLERANCE_MINUTES");
    static final ConfigKey PRICE_URL = new ConfigKey("strata.roles.price-url", "STRATA_ROLES_PRICE_URL");
    static final ConfigKey CALLBACK_TOKEN = new ConfigKey("strata.roles.callback-token", "STRATA_ROLES_CALLBACK_TOKEN");
    static final ConfigKey CALLBACK_TIMEOUT =
            new ConfigKey("strata.roles.callback-timeout-ms", "STRATA_ROLES_CALLBACK_TIMEOUT_MS");
    static final ConfigKey PROBES = new ConfigKey("strata.roles.probes", "STRATA_ROLES_PROBES");
    static final ConfigKey SOURCES = new ConfigKey("strata.roles.sources", "STRATA_ROLES_SOURCES");
    static final ConfigKey PRICE_RETENTION =
            new ConfigKey("strata.roles.price-retention-days", "STRATA_ROLES_PRICE_RETENTION_DAYS");
    static final ConfigKey CRON_TICK = new ConfigKey("strata.roles.cron-tick-seconds", "STRATA_ROLES_CRON_TICK_SECONDS");
    static final ConfigKey EMBEDDING_CATCH_UP = new ConfigKey("strata.roles.embedding-catch-up-interval-minutes",
            "STRATA_ROLES_EMBEDDING_CATCH_UP_INTERVAL_MINUTES");
    static final ConfigKey SESSION_LESSONS =
            new ConfigKey("strata.roles.session-lessons", "STRATA_ROLES_SESSION_LESSONS");

    /** Probe and source ids as they can be written in one variable: no {@code =} or {@code ,}. */
    private static final Pattern CALLBACK_ID = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,63}");

    public RoleSettings {
        Objects.requireNonNull(directory, DIR.name());
        if (reflectBatchSize < 1) {
            throw REFLECT_BATCH_SIZE.invalid("at least 1", reflectBatchSize);
        }
        Objects.requireNonNull(cronZone, CRON_ZONE.name());
        requirePositive(PRICE_TOLERANCE, priceTolerance);
        Objects.requireNonNull(priceUrl, PRICE_URL.name());
        Objects.requireNonNull(callbackToken, CALLBACK_TOKEN.name());
        requirePositive(CALLBACK_TIMEOUT, callbackTimeout);
        probes = Map.copyOf(probes);
        sources = Map.copyOf(sources);
        requirePositive(PRICE_RETENTION, priceRetention);
        requirePositive(CRON_TICK, cronTick);
        requirePositive(EMBEDDING_CATCH_UP, embeddingCatchUp);
        if (sessionLessons < 1 || sessionLessons > 100) {
            throw SESSION_LESSONS.invalid("1-100", sessionLessons);
        }
    }

    private static void requirePositive(ConfigKey key, Duration value) {
        Objects.requireNonNull(value, key.name());
        if (!value.isPositive()) {
            throw key.invalid("positive", value);
        }
    }

    public static RoleSettings defaults() {
        return new RoleSettings(Optional.empty(), 20, ZoneId.of("UTC"), Duration.ofMinutes(60), Optional.empty(),
                Optional.empty(), Duration.ofSeconds(10), Map.of(), Map.of(), Duration.ofDays(400),
                Duration.ofSeconds(60), Duration.ofMinutes(5), 5);
    }

    public static RoleSettings from(ConfigReader config) {
        Optional<Path> dir = config.optional(DIR).map(String::strip).filter(s -> !s.isEmpty()).map(Path::of);
        ZoneId zone = config.parse(CRON_ZONE, "a time zone id such as UTC or Europe/Berlin", raw -> {
            try {
                return ZoneId.of(raw.strip());
            } catch (DateTimeException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        });
        Optional<String> priceUrl = config.optional(PRICE_URL).map(String::strip).filter(s -> !s.isEmpty());
        Optional<String> token = config.optional(CALLBACK_TOKEN).filter(s -> !s.isBlank());
        return new RoleSettings(dir, config.integer(REFLECT_BATCH_SIZE), zone, config.minutes(PRICE_TOLERANCE),
                priceUrl, token, config.millis(CALLBACK_TIMEOUT), callbacks(config, PROBES),
                callbacks(config, SOURCES), config.days(PRICE_RETENTION), config.seconds(CRON_TICK),
                config.minutes(EMBEDDING_CATCH_UP), config.integer(SESSION_LESSONS));
    }

    /** {@code id=url,id=url}: one variable can configure every callback (ids may hold {@code .} and {@code -}). */
    private static Map<String, URI> callbacks(ConfigReader config, ConfigKey key) {
        return config.parseOptional(key, "a comma-separated list of id=http(s)-url", raw -> {
            Map<String, URI> parsed = new LinkedHashMap<>();
            for (String pair : raw.split(",")) {
                if (pair.isBlank()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String id = eq < 0 ? "" : pair.substring(0, eq).strip();
                if (!CALLBACK_ID.matcher(id).matches()) {
                    throw new IllegalArgumentException("bad id in '" + pair.strip() + "'");
                }
                URI uri = URI.create(pair.substring(eq + 1).strip());
                if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                    throw new IllegalArgumentException("'" + id + "' is not an http(s) URL");
                }
                if (parsed.put(id, uri) != null) {
                    throw new IllegalArgumentException("'" + id + "' is given twice");
                }
            }
            return Map.copyOf(parsed);
        }).orElse(Map.of());
    }

    /** The role files' directory: the configured one, else {@code <dataDir>/roles}. */
    public Path directoryUnder(Path dataDir) {
        return directory.orElseGet(() -> dataDir.resolve("roles"));
    }

    public RoleSettings withDirectory(Path dir) {
        return new RoleSettings(Optional.of(dir), reflectBatchSize, cronZone, priceTolerance, priceUrl, callbackToken,
                callbackTimeout, probes, sources, priceRetention, cronTick, embeddingCatchUp, sessionLessons);
    }

    public RoleSettings withPriceUrl(String url) {
        return new RoleSettings(directory, reflectBatchSize, cronZone, priceTolerance, Optional.of(url), callbackToken,
                callbackTimeout, probes, sources, priceRetention, cronTick, embeddingCatchUp, sessionLessons);
    }

    /** How often the cron trigger looks (a test's server ticks every second). */
    public RoleSettings withCronTick(Duration tick) {
        return new RoleSettings(directory, reflectBatchSize, cronZone, priceTolerance, priceUrl, callbackToken,
                callbackTimeout, probes, sources, priceRetention, tick, embeddingCatchUp, sessionLessons);
    }

    /** Hides the token. */
    @Override
    public String toString() {
        return "RoleSettings[directory=" + directory + ", reflectBatchSize=" + reflectBatchSize + ", cronZone="
                + cronZone + ", priceUrl=" + priceUrl + ", callbackToken=" + callbackToken.map(t -> "***")
                + ", probes=" + probes.keySet() + ", sources=" + sources.keySet() + ", sessionLessons=" + sessionLessons
                + "]";
    }
}
