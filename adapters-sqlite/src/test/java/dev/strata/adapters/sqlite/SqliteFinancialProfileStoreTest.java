package dev.strata.adapters.sqlite;

import dev.strata.domain.personalization.FinancialProfileStore;
import dev.strata.domain.personalization.FinancialProfileStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The FinancialProfileStore contract on a real SQLite file. */
class SqliteFinancialProfileStoreTest extends FinancialProfileStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected FinancialProfileStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteFinancialProfileStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
