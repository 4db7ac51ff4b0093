package dev.strata.bootstrap.session;

import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.time.Duration;
import java.util.Objects;

/**
 * Frozen sessions: how long one lives and how often expired ones are deleted ({@code strata.sessions.*}).
 *
 * @param ttl           from session start to expiry
 * @param purgeInterval between two runs of the purge job
 */
public record SessionSettings(Duration ttl, Duration purgeInterval) implements AreaSettings {

    static final ConfigKey TTL = new ConfigKey("strata.sessions.ttl-minutes", "STRATA_SESSION_TTL_MINUTES");
    static final ConfigKey PURGE_INTERVAL =
            new ConfigKey("strata.sessions.purge-interval-minutes", "STRATA_SESSION_PURGE_INTERVAL_MINUTES");

    public SessionSettings {
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(purgeInterval, "purgeInterval");
        if (!ttl.isPositive()) {
            throw TTL.invalid("positive", ttl.toMinutes());
        }
        if (!purgeInterval.isPositive()) {
            throw PURGE_INTERVAL.invalid("positive", purgeInterval.toMinutes());
        }
    }

    public static SessionSettings from(ConfigReader config) {
        return new SessionSettings(config.minutes(TTL), config.minutes(PURGE_INTERVAL));
    }
}
