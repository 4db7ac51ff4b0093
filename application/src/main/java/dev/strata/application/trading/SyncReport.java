package dev.strata.application.trading;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.SyncKey;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one sync of a tenant did: per (source, sub-account) whether it synced, failed or was
 * skipped, with counts; {@code note} says why nothing ran (no source configured, throttled, busy)
 * or what went wrong around the keys (the sub-account list could not be read).
 */
public record SyncReport(Tenant tenant, boolean ran, Optional<String> note, List<KeyReport> keys) {

    public SyncReport {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(note, "note");
        keys = List.copyOf(keys);
    }

    static SyncReport notRun(Tenant tenant, String why) {
        return new SyncReport(tenant, false, Optional.of(why), List.of());
    }

    public int inserted() {
        return keys.stream().mapToInt(KeyReport::inserted).sum();
    }

    public enum Status {
        SYNCED, FAILED, SKIPPED;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One key's outcome: rows fetched, new rows stored, rows refused by validation, the error of a failure. */
    public record KeyReport(SyncKey key, Status status, int pages, int fetched, int inserted, int rejected,
                            Optional<String> error) {
        public KeyReport {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(error, "error");
        }
    }
}
