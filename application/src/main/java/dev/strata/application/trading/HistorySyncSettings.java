package dev.strata.application.trading;

import dev.strata.domain.memory.Tenant;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * spec 04 "MinaraHistorySync triggers": {@code minInterval} throttles event-triggered and tick runs
 * per tenant ({@code historySyncMinIntervalMs}, 5 minutes); {@code safetyTick} is the job's period
 * (30 minutes); after {@code maxFailures} consecutive failures ({@code historySyncMaxFailures}, 5) a
 * (source, sub-account) is skipped until {@code failureCooldown} ({@code historySyncFailureCooldownMs},
 * 30 minutes) has passed since its last sync. {@code maxPages} bounds one key's run; the rest
 * follows on the next. {@code tenants} are synced by the tick even before their first sync.
 */
public record HistorySyncSettings(Duration minInterval, Duration safetyTick, int maxFailures, Duration failureCooldown,
                                  int maxPages, List<Tenant> tenants) {

    public static HistorySyncSettings defaults() {
        return new HistorySyncSettings(Duration.ofMinutes(5), Duration.ofMinutes(30), 5, Duration.ofMinutes(30), 50,
                List.of(Tenant.DEFAULT));
    }

    public HistorySyncSettings {
        positive("minInterval", minInterval);
        positive("safetyTick", safetyTick);
        positive("failureCooldown", failureCooldown);
        if (maxFailures < 1 || maxPages < 1) {
            throw new IllegalArgumentException("maxFailures and maxPages must be positive");
        }
        tenants = List.copyOf(tenants);
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }

    public HistorySyncSettings withMaxPages(int value) {
        return new HistorySyncSettings(minInterval, safetyTick, maxFailures, failureCooldown, value, tenants);
    }

    public HistorySyncSettings withTenants(List<Tenant> value) {
        return new HistorySyncSettings(minInterval, safetyTick, maxFailures, failureCooldown, maxPages, value);
    }
}
