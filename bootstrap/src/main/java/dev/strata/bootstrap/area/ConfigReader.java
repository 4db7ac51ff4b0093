package dev.strata.bootstrap.area;

import io.helidon.config.Config;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

/**
 * What every area's {@code XSettings.from} reads with: a value is its environment variable when that
 * is set and not blank, else the value in {@code application.yaml}; it is parsed to a type, and a
 * value that does not parse fails in one shape ({@link ConfigKey#invalid}). It checks no ranges:
 * those are the settings records' own invariants.
 */
public final class ConfigReader {

    private final Config file;
    private final Map<String, String> env;
    private final Path userHome;
    private final Set<ConfigKey> read = new LinkedHashSet<>();

    /**
     * @param file     the defaults ({@code application.yaml})
     * @param env      the environment
     * @param userHome where {@code ~} in a path points
     */
    public ConfigReader(Config file, Map<String, String> env, Path userHome) {
        this.file = file;
        this.env = Map.copyOf(env);
        this.userHome = userHome;
    }

    /** The user's home directory, for settings that expand {@code ~}. */
    public Path userHome() {
        return userHome;
    }

    /** Every key read so far, in order: the keys the areas know. */
    public Set<ConfigKey> keysRead() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(read));
    }

    /** A value that may be left empty: absent when the variable is unset or blank and the file holds "". */
    public Optional<String> optional(ConfigKey key) {
        return fromEnv(key).or(() -> file.get(key.name()).asString().asOptional().filter(v -> !v.isBlank()));
    }

    /** A value the file always holds (possibly blank). */
    public String string(ConfigKey key) {
        return fromEnv(key).orElseGet(() -> file.get(key.name()).asString()
                .orElseThrow(() -> new IllegalStateException("missing configuration key " + key.name())));
    }

    /**
     * Parses the value with {@code parser}; when that refuses it (an {@link IllegalArgumentException} or
     * {@link DateTimeException}), the error names the key, {@code expectation} and the raw value.
     */
    public <T> T parse(ConfigKey key, String expectation, Function<String, T> parser) {
        return parsed(key, string(key), expectation, parser);
    }

    /** As {@link #parse}, absent when the value is left empty. */
    public <T> Optional<T> parseOptional(ConfigKey key, String expectation, Function<String, T> parser) {
        return optional(key).map(raw -> parsed(key, raw, expectation, parser));
    }

    public boolean bool(ConfigKey key) {
        return parse(key, "true or false", raw -> switch (raw.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(raw);
        });
    }

    public int integer(ConfigKey key) {
        return parse(key, "an integer", ConfigReader::parseInt);
    }

    public long longValue(ConfigKey key) {
        return parse(key, "an integer", ConfigReader::parseLong);
    }

    public OptionalInt optionalInteger(ConfigKey key) {
        return parseOptional(key, "an integer", ConfigReader::parseInt).map(OptionalInt::of).orElse(OptionalInt.empty());
    }

    public OptionalLong optionalLong(ConfigKey key) {
        return parseOptional(key, "an integer", ConfigReader::parseLong).map(OptionalLong::of)
                .orElse(OptionalLong.empty());
    }

    public BigDecimal decimal(ConfigKey key) {
        return parse(key, "a decimal number", ConfigReader::parseDecimal);
    }

    public Optional<BigDecimal> optionalDecimal(ConfigKey key) {
        return parseOptional(key, "a decimal number", ConfigReader::parseDecimal);
    }

    public Duration millis(ConfigKey key) {
        return Duration.ofMillis(longValue(key));
    }

    public Duration seconds(ConfigKey key) {
        return Duration.ofSeconds(longValue(key));
    }

    public Duration minutes(ConfigKey key) {
        return Duration.ofMinutes(longValue(key));
    }

    public Duration days(ConfigKey key) {
        return Duration.ofDays(longValue(key));
    }

    /** A URL, absent when left empty (its scheme is the client settings' to check). */
    public Optional<URI> optionalUrl(ConfigKey key) {
        return parseOptional(key, "a URL", raw -> URI.create(raw.strip()));
    }

    /** The variable's value when it is set and not blank; every read passes here, so it records the key. */
    private Optional<String> fromEnv(ConfigKey key) {
        read.add(key);
        return Optional.ofNullable(env.get(key.env())).filter(v -> !v.isBlank());
    }

    private static <T> T parsed(ConfigKey key, String raw, String expectation, Function<String, T> parser) {
        try {
            return parser.apply(raw);
        } catch (IllegalArgumentException | DateTimeException e) {
            throw key.invalid(expectation, raw);
        }
    }

    private static int parseInt(String raw) {
        return Integer.parseInt(raw.strip());
    }

    private static long parseLong(String raw) {
        return Long.parseLong(raw.strip());
    }

    private static BigDecimal parseDecimal(String raw) {
        return new BigDecimal(raw.strip());
    }
}
