package dev.strata.bootstrap;

import java.time.Duration;
import java.util.Objects;

/**
 * Frozen sessions: how long one lives and how often expired ones are deleted.
 *
 * @param ttl           from session start to expiry
 * @param purgeInterval between two runs of the purge job
 */
public record SessionSettings(Duration ttl, Duration purgeInterval) {

    public SessionSettings {
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(purgeInterval, "purgeInterval");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("configuration strata.sessions.ttl-minutes must be positive");
        }
        if (purgeInterval.isNegative() || purgeInterval.isZero()) {
            throw new IllegalArgumentException("configuration strata.sessions.purge-interval-minutes must be positive");
        }
    }
}
