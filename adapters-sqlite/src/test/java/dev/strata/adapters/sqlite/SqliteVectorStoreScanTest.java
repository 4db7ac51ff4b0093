package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The VectorStore contract with the in-memory index switched off ({@code strata.search.vector-index: false}):
 * every search is vec0's scan. {@link SqliteVectorStoreTest} runs it with the index on.
 */
class SqliteVectorStoreScanTest extends VectorStoreContract {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    static Path libraries;
    private static SqliteVecExtension extension;

    @TempDir
    Path data;
    private SqliteDatabase db;
    private SqliteVectorStore sqliteStore;

    @BeforeAll
    static void loadOnce() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @Override
    protected VectorStore createStore() {
        db = SqliteDatabase.open(data.resolve("strata.db"), SqliteSettings.DEFAULTS, CLOCK, extension);
        sqliteStore = SqliteVectorStore.open(db, extension, DIMENSION, SqliteVectorStore.InMemoryIndex.OFF)
                .orElseThrow();
        return sqliteStore;
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void switched_off_it_holds_nothing_in_memory() {
        store.replace(ALICE, dev.strata.domain.memory.MemoryId.of(1), List.of(v(1, 0, 0)));

        assertThat(store.nearest(ALICE, v(1, 0, 0), 5)).hasSize(1);
        assertThat(sqliteStore.inMemoryBytes()).isZero();
    }
}
