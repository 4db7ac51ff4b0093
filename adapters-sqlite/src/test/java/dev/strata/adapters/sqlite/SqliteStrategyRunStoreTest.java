package dev.strata.adapters.sqlite;

import dev.strata.domain.personalization.StrategyRunStore;
import dev.strata.domain.personalization.StrategyRunStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The StrategyRunStore contract on a real SQLite file. */
class SqliteStrategyRunStoreTest extends StrategyRunStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected StrategyRunStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteStrategyRunStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
