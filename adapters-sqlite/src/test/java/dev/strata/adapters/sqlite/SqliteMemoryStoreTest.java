package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.MemoryStore;
import dev.strata.domain.memory.MemoryStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The memory store contract on a real SQLite file. */
class SqliteMemoryStoreTest extends MemoryStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected MemoryStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteMemoryStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
