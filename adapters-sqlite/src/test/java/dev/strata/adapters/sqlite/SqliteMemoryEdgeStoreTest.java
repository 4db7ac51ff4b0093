package dev.strata.adapters.sqlite;

import dev.strata.domain.graph.MemoryEdgeStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The memory edge contract on a real SQLite file, edges written by the real memory store. */
class SqliteMemoryEdgeStoreTest extends MemoryEdgeStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected Stores createStores() {
        db = TempDatabase.open(dir);
        return new Stores(new SqliteMemoryStore(db), new SqliteMemoryEdgeStore(db));
    }

    @AfterEach
    void close() {
        db.close();
    }
}
