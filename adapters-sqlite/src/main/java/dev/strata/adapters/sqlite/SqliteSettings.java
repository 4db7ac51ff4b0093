package dev.strata.adapters.sqlite;

import org.sqlite.SQLiteConfig;

import java.time.Duration;
import java.util.Objects;

/**
 * Connection and search settings. {@code synchronous=NORMAL} in WAL mode never corrupts the file; a power cut
 * may lose the last transactions, while a process crash loses nothing (see the README's durability note).
 * {@code keywordCandidates} bounds how many matches BM25 ranks per query ({@link SqliteMemoryStore#UNBOUNDED}
 * ranks every match). Every {@code indexCompactionInterval} (zero: never) the FTS5 indexes that grew by
 * {@code indexCompactionGrowthPercent} since their last compaction are merged back into one segment
 * ({@link SearchIndexCompaction}).
 */
public record SqliteSettings(int poolSize, Duration busyTimeout, SQLiteConfig.SynchronousMode synchronous,
                             int keywordCandidates, Duration indexCompactionInterval,
                             int indexCompactionGrowthPercent) {

    public static final SqliteSettings DEFAULTS = new SqliteSettings(8, Duration.ofSeconds(5),
            SQLiteConfig.SynchronousMode.NORMAL, SqliteMemoryStore.DEFAULT_KEYWORD_CANDIDATES, Duration.ofSeconds(60),
            10);

    public SqliteSettings {
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be positive");
        }
        Objects.requireNonNull(busyTimeout, "busyTimeout");
        Objects.requireNonNull(synchronous, "synchronous");
        if (keywordCandidates < 0) {
            throw new IllegalArgumentException("keywordCandidates must be 0 (unbounded) or positive");
        }
        if (indexCompactionInterval.isNegative()) {
            throw new IllegalArgumentException("indexCompactionInterval must be zero (never) or positive");
        }
        if (indexCompactionGrowthPercent < 1) {
            throw new IllegalArgumentException("indexCompactionGrowthPercent must be positive");
        }
    }

    /** The same settings with compaction every {@code interval} ({@link Duration#ZERO}: never). */
    public SqliteSettings withIndexCompactionInterval(Duration interval) {
        return new SqliteSettings(poolSize, busyTimeout, synchronous, keywordCandidates, interval,
                indexCompactionGrowthPercent);
    }
}
