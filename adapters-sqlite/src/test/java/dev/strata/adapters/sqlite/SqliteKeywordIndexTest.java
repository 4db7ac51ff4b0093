package dev.strata.adapters.sqlite;

import dev.strata.domain.retrieval.KeywordIndexContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteKeywordIndexTest extends KeywordIndexContract {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @Override
    protected Pair create() {
        db = TempDatabase.open(dir);
        return new Pair(new SqliteMemoryStore(db), new SqliteKeywordIndex(db));
    }

    @AfterEach
    void close() {
        db.close();
    }
}
