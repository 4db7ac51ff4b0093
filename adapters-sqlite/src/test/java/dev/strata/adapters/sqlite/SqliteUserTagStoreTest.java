package dev.strata.adapters.sqlite;

import dev.strata.domain.personalization.UserTagStore;
import dev.strata.domain.personalization.UserTagStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The UserTagStore contract on a real SQLite file. */
class SqliteUserTagStoreTest extends UserTagStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected UserTagStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteUserTagStore(db);
    }

    @Override
    protected void insertRaw(dev.strata.domain.memory.Tenant tenant, dev.strata.domain.personalization.StoredTagRow row) {
        TempDatabase.execute(db, "INSERT INTO user_tags(tenant, user_id, dimension, value, source, updated_at) VALUES ('"
                + tenant.value() + "', '" + row.userId() + "', '" + row.dimension() + "', '" + row.value().replace("'", "''")
                + "', '" + row.source() + "', '" + Timestamps.format(row.updatedAt()) + "')");
    }

    @AfterEach
    void close() {
        db.close();
    }
}
