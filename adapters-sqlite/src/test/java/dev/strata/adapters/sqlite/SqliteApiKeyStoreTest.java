package dev.strata.adapters.sqlite;

import dev.strata.domain.access.ApiKeyStore;
import dev.strata.domain.access.ApiKeyStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The ApiKeyStore contract on a real SQLite file. */
class SqliteApiKeyStoreTest extends ApiKeyStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected ApiKeyStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteApiKeyStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
