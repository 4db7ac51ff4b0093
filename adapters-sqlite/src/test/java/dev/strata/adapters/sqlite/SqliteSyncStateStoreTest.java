package dev.strata.adapters.sqlite;

import dev.strata.domain.trading.SyncStateStore;
import dev.strata.domain.trading.SyncStateStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteSyncStateStoreTest extends SyncStateStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected SyncStateStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteSyncStateStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
