package dev.strata.adapters.sqlite;

import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import dev.strata.domain.retrieval.VectorStore;
import dev.strata.domain.retrieval.VectorStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The vector store contract on a pooled database whose every connection has sqlite-vec loaded. */
class SqliteVectorStoreContractTest extends VectorStoreContract {

    @TempDir
    static Path libraries;
    private static SqliteVecExtension extension;

    @TempDir
    Path data;
    private SqliteDatabase db;

    @BeforeAll
    static void loadOnce() {
        extension = SqliteVecExtension.bundled(libraries);
        assertThat(extension.isAvailable()).as("sqlite-vec must load here: %s", extension.unavailableReason()).isTrue();
    }

    @Override
    protected VectorStore createStore() {
        db = SqliteDatabase.open(data.resolve("strata.db"), SqliteSettings.DEFAULTS, TempDatabase.CLOCK, extension);
        return SqliteVectorStore.open(db, extension, DIMENSION).orElseThrow();
    }

    @AfterEach
    void close() {
        db.close();
    }
}
