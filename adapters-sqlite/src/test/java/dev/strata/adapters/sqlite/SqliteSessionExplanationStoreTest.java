package dev.strata.adapters.sqlite;

import dev.strata.domain.session.SessionExplanationStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The session explanation contract on a real SQLite file: the row goes with its session (foreign key cascade). */
class SqliteSessionExplanationStoreTest extends SessionExplanationStoreContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected void createStores() {
        db = TempDatabase.open(dir);
        sessions = new SqliteSessionStore(db);
        explanations = new SqliteSessionExplanationStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }
}
