package dev.strata.adapters.sqlite;

import dev.strata.domain.profile.UserProfileStore;
import dev.strata.domain.profile.UserProfileStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The user-profile contract on a real SQLite file. */
class SqliteUserProfileStoreTest extends UserProfileStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected UserProfileStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteUserProfileStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
