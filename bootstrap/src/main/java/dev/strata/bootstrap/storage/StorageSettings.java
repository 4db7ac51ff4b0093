package dev.strata.bootstrap.storage;

import dev.strata.adapters.sqlite.SqliteDatabase;
import dev.strata.bootstrap.area.AreaSettings;
import dev.strata.bootstrap.area.ConfigKey;
import dev.strata.bootstrap.area.ConfigReader;
import org.sqlite.SQLiteConfig.SynchronousMode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the database lives and how connections to it are made: {@code strata.data-dir} and
 * {@code strata.sqlite.*}. (The SQLite knobs of search, keyword candidates and index compaction, are
 * {@code strata.search.*} keys and live in the retrieval area's {@code SearchSettings}.)
 *
 * @param dataDir     the directory of the SQLite file
 * @param poolSize    connections in the pool
 * @param busyTimeout how long a connection waits for SQLite's write lock
 * @param synchronous {@code NORMAL} in WAL mode never corrupts the file; {@code FULL} also keeps the last
 *                    transactions through a power cut
 */
public record StorageSettings(Path dataDir, int poolSize, Duration busyTimeout, SynchronousMode synchronous)
        implements AreaSettings {

    static final ConfigKey DATA_DIR = new ConfigKey("strata.data-dir", "STRATA_DATA_DIR");
    static final ConfigKey POOL_SIZE = new ConfigKey("strata.sqlite.pool-size", "STRATA_SQLITE_POOL_SIZE");
    static final ConfigKey BUSY_TIMEOUT = new ConfigKey("strata.sqlite.busy-timeout-ms", "STRATA_SQLITE_BUSY_TIMEOUT_MS");
    static final ConfigKey SYNCHRONOUS = new ConfigKey("strata.sqlite.synchronous", "STRATA_SQLITE_SYNCHRONOUS");

    public StorageSettings {
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(busyTimeout, "busyTimeout");
        Objects.requireNonNull(synchronous, "synchronous");
        if (poolSize < 1) {
            throw POOL_SIZE.invalid("at least 1", poolSize);
        }
        if (busyTimeout.isNegative()) {
            throw BUSY_TIMEOUT.invalid("zero or more milliseconds", busyTimeout.toMillis());
        }
    }

    public static StorageSettings from(ConfigReader config) {
        return new StorageSettings(Path.of(config.string(DATA_DIR)), config.integer(POOL_SIZE),
                config.millis(BUSY_TIMEOUT), config.parse(SYNCHRONOUS, "OFF, NORMAL or FULL",
                        raw -> SynchronousMode.valueOf(raw.strip().toUpperCase(Locale.ROOT))));
    }

    public Path databaseFile() {
        return dataDir.resolve(SqliteDatabase.FILE_NAME);
    }

    public StorageSettings withDataDir(Path dir) {
        return new StorageSettings(dir, poolSize, busyTimeout, synchronous);
    }
}
