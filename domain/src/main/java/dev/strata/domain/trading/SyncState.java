package dev.strata.domain.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of the sync state: the watermark (the newest upstream time stored so far, the next
 * fetch starts there), when the key was last synced (attempted), the last error and the run of
 * consecutive failures.
 */
public record SyncState(Tenant tenant, SyncKey key, Optional<Instant> watermark, Instant lastSyncedAt,
                        Optional<String> lastError, int consecutiveFailures) {

    public SyncState {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(watermark, "watermark");
        Objects.requireNonNull(lastSyncedAt, "lastSyncedAt");
        Objects.requireNonNull(lastError, "lastError");
        if (consecutiveFailures < 0) {
            throw new IllegalArgumentException("consecutiveFailures must not be negative");
        }
    }

    /**
     * spec 04: after {@code maxFailures} consecutive failures the key is skipped by normal
     * scheduling until {@code cooldown} has passed since its last sync; then a probe runs, so a
     * transient outage never disables the mirror for good.
     */
    public boolean skipped(Instant now, int maxFailures, Duration cooldown) {
        return consecutiveFailures >= maxFailures && now.isBefore(lastSyncedAt.plus(cooldown));
    }
}
