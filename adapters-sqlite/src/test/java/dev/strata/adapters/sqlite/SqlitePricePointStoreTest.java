package dev.strata.adapters.sqlite;

import dev.strata.domain.role.PricePointStore;
import dev.strata.domain.role.PricePointStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The pushed-price contract on a real SQLite file. */
class SqlitePricePointStoreTest extends PricePointStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected PricePointStore createStore() {
        db = TempDatabase.open(dir);
        return new SqlitePricePointStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
