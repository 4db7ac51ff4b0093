package dev.strata.adapters.sqlite;

import org.sqlite.SQLiteConfig;

import java.time.Duration;
import java.util.Objects;

/**
 * Connection settings. {@code synchronous=NORMAL} in WAL mode never corrupts the file; a power cut
 * may lose the last transactions, while a process crash loses nothing (see the README's durability note).
 */
public record SqliteSettings(int poolSize, Duration busyTimeout, SQLiteConfig.SynchronousMode synchronous) {

    public static final SqliteSettings DEFAULTS =
            new SqliteSettings(8, Duration.ofSeconds(5), SQLiteConfig.SynchronousMode.NORMAL);

    public SqliteSettings {
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be positive");
        }
        Objects.requireNonNull(busyTimeout, "busyTimeout");
        Objects.requireNonNull(synchronous, "synchronous");
    }
}
