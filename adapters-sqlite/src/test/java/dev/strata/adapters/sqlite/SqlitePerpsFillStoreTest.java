package dev.strata.adapters.sqlite;

import dev.strata.domain.trading.PerpsFillStore;
import dev.strata.domain.trading.PerpsFillStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqlitePerpsFillStoreTest extends PerpsFillStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected PerpsFillStore createStore() {
        db = TempDatabase.open(dir);
        return new SqlitePerpsFillStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
