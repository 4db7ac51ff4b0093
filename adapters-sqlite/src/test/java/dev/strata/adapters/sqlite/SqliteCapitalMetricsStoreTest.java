package dev.strata.adapters.sqlite;

import dev.strata.domain.personalization.CapitalMetricsStore;
import dev.strata.domain.personalization.CapitalMetricsStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The CapitalMetricsStore contract on a real SQLite file. */
class SqliteCapitalMetricsStoreTest extends CapitalMetricsStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected CapitalMetricsStore createStore() {
        db = TempDatabase.open(dir);
        return new SqliteCapitalMetricsStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
