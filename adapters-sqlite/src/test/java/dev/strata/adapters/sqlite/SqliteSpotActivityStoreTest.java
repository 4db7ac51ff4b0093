package dev.strata.adapters.sqlite;

import dev.strata.domain.trading.SpotActivityStore;
import dev.strata.domain.trading.SpotActivityStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteSpotActivityStoreTest extends SpotActivityStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected SpotActivityStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteSpotActivityStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
