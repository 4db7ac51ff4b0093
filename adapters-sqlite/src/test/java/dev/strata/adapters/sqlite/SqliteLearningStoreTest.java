package dev.strata.adapters.sqlite;

import dev.strata.domain.learning.LearningStore;
import dev.strata.domain.learning.LearningStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteLearningStoreTest extends LearningStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected LearningStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteLearningStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
