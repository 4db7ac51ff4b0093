package dev.strata.bootstrap.memory;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;

import java.time.Duration;
import java.util.Objects;

/**
 * Memories: {@code strata.memory.*}.
 *
 * @param limits        content, metadata and batch sizes (list and search limits keep their defaults)
 * @param retention     how long a soft-deleted memory can be restored before it is purged
 * @param purgeInterval between two runs of the purge job
 * @param snapshotLimit most memories rendered into the memory-context block
 */
public record MemorySettings(MemoryLimits limits, Duration retention, Duration purgeInterval, int snapshotLimit)
        implements AreaSettings {

    static final ConfigKey MAX_CONTENT_CHARS = new ConfigKey("strata.memory.max-content-chars", "STRATA_MAX_CONTENT_CHARS");
    static final ConfigKey MAX_METADATA_CHARS =
            new ConfigKey("strata.memory.max-metadata-chars", "STRATA_MAX_METADATA_CHARS");
    static final ConfigKey MAX_BATCH_SIZE = new ConfigKey("strata.memory.max-batch-size", "STRATA_MAX_BATCH_SIZE");
    static final ConfigKey RETENTION_DAYS = new ConfigKey("strata.memory.retention-days", "STRATA_RETENTION_DAYS");
    static final ConfigKey PURGE_INTERVAL =
            new ConfigKey("strata.memory.purge-interval-minutes", "STRATA_PURGE_INTERVAL_MINUTES");
    static final ConfigKey SNAPSHOT_LIMIT = new ConfigKey("strata.memory.snapshot-limit", "STRATA_SNAPSHOT_LIMIT");

    public MemorySettings {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(purgeInterval, "purgeInterval");
        if (retention.isNegative()) {
            throw RETENTION_DAYS.invalid("zero or more days", retention.toDays());
        }
        if (!purgeInterval.isPositive()) {
            throw PURGE_INTERVAL.invalid("positive", purgeInterval.toMinutes());
        }
        if (snapshotLimit < 1) {
            throw SNAPSHOT_LIMIT.invalid("positive", snapshotLimit);
        }
    }

    public static MemorySettings from(ConfigReader config) {
        int maxContent = config.integer(MAX_CONTENT_CHARS);
        int maxMetadata = config.integer(MAX_METADATA_CHARS);
        int maxBatch = config.integer(MAX_BATCH_SIZE);
        MemoryLimits defaults = MemoryLimits.DEFAULTS;
        MemoryLimits limits = ConfigKey.checking("strata.memory.max-*", () -> new MemoryLimits(maxContent, maxMetadata,
                maxBatch, defaults.maxListLimit(), defaults.maxSearchLimit(), defaults.defaultListLimit(),
                defaults.defaultSearchLimit()));
        return new MemorySettings(limits, config.days(RETENTION_DAYS), config.minutes(PURGE_INTERVAL),
                config.integer(SNAPSHOT_LIMIT));
    }
}
