package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.MethodologyStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteMethodologyStoreTest extends MethodologyStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected Stores createStores() {
        db = TempDatabase.open(dir);
        return new MethodologyStoreContract.Stores(new SqliteMethodologyStore(db), new SqliteTradeStore(db));
    }

    @AfterEach
    void close() {
        db.close();
    }
}
